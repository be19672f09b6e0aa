/** Vietnamese for the messages of teams and the access policy (contracts teams.ts). */
export const teamsVi: Record<string, string> = {
  'The selected role is invalid.': 'Vai trò đã chọn không hợp lệ.',
  'This user already belongs to the team.': 'Người dùng này đã thuộc nhóm.',
  'This user has already been invited to the team.': 'Người dùng này đã được mời vào nhóm.',
  'You may not delete your personal team.': 'Bạn không thể xóa nhóm cá nhân của mình.',
  'You may not leave a team that you created.': 'Bạn không thể rời khỏi nhóm do chính bạn tạo.',
  'This invitation has expired. Ask the team to send it again.':
    'Lời mời này đã hết hạn. Hãy đề nghị nhóm gửi lại lời mời.',
  Administrator: 'Quản trị viên',
  'Administrators can perform any action except deleting the team.':
    'Quản trị viên có thể thực hiện mọi hành động, trừ việc xóa nhóm.',
  Editor: 'Biên tập viên',
  'Editors can use the servers shared with the team.':
    'Biên tập viên có thể sử dụng các máy chủ được chia sẻ với nhóm.',
};
