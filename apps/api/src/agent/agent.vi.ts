import { AGENT_MESSAGES } from './agent-messages.js';

type AgentMessage = (typeof AGENT_MESSAGES)[keyof typeof AGENT_MESSAGES];

/** Vietnamese for the API messages of the agent area. */
export const agentVi: Record<AgentMessage, string> = {
  [AGENT_MESSAGES.bundleMissing]:
    'Gói cài đặt agent chưa được tạo: hãy chạy npm run bundle -w @hostdeck/agent trên máy chủ bảng điều khiển',
  [AGENT_MESSAGES.invalidOrigin]: 'Origin không hợp lệ',
  [AGENT_MESSAGES.invalidPublicKey]: 'Khóa công khai không hợp lệ',
  [AGENT_MESSAGES.unknownFileCall]: 'Không có thao tác tệp này.',
  [AGENT_MESSAGES.unreadableProxyRequest]: 'Yêu cầu chứa ký tự không thể chuyển tiếp tới agent.',
};
