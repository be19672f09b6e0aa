import { DEPLOYMENT_MESSAGES } from './deployment-messages.js';

/** Vietnamese for the API messages of this area (Deployments and commands); the i18n test fails on a missing one. */
export const deploymentsVi: Record<string, string> = {
  [DEPLOYMENT_MESSAGES.noRepository]: 'Hãy đặt kho mã và nhánh trước khi triển khai.',
  [DEPLOYMENT_MESSAGES.aliasSite]: 'Trang web bí danh được triển khai cùng trang web chính của nó.',
  [DEPLOYMENT_MESSAGES.notFinished]: 'Chỉ có thể quay lại một lần triển khai đã hoàn tất.',
  [DEPLOYMENT_MESSAGES.alreadyLive]: 'Bản phát hành này đang chạy rồi.',
  [DEPLOYMENT_MESSAGES.started]: 'Đã bắt đầu triển khai.',
  [DEPLOYMENT_MESSAGES.autoDeployOff]: 'Tự động triển khai đang tắt: lần đẩy mã này bị bỏ qua.',
  [DEPLOYMENT_MESSAGES.otherBranch]: 'Lần đẩy mã này thuộc nhánh khác: không có gì để triển khai.',
  [DEPLOYMENT_MESSAGES.pong]: 'pong',
};
