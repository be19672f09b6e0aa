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
  Developer: 'Nhà phát triển',
  'Developers can operate and configure the shared servers, with the terminal and the file manager, but cannot delete them or see their secrets.':
    'Nhà phát triển có thể vận hành và cấu hình các máy chủ được chia sẻ, dùng terminal và trình quản lý tệp, nhưng không thể xóa chúng hay xem các thông tin bí mật.',
  Viewer: 'Người xem',
  'Viewers can only look at the shared servers.': 'Người xem chỉ có thể xem các máy chủ được chia sẻ.',
  'A role with this key already exists.': 'Đã có một vai trò với mã này.',
  'This role is still given to members or invitations.':
    'Vai trò này vẫn đang được gán cho thành viên hoặc lời mời.',
  'The selected servers and sites must be shared with the team.':
    'Các máy chủ và trang web đã chọn phải được chia sẻ với nhóm.',
};
