import {
  DOCKER_CONTAINER_EVENT_DESCRIPTIONS,
  DOCKER_CONTAINER_MESSAGES,
} from '@hostdeck/contracts/docker-containers';
import { eventDescriptionsVi } from '../../events/events.vi.js';
import { CONTAINER_MESSAGES } from './containers.service.js';

/**
 * Vietnamese for the containers' messages and event descriptions (the docker area merges it into
 * its `messages`). The web's are in apps/web/src/servers/docker/locales (`docker.containers`).
 */
export const containersVi: Record<string, string> = {
  [DOCKER_CONTAINER_MESSAGES.reference]:
    'Dùng mã container (12 đến 64 chữ số thập lục phân) hoặc tên gồm chữ cái, chữ số và _ . -',
  [DOCKER_CONTAINER_MESSAGES.name]:
    'Dùng 1 đến 128 chữ cái, chữ số và _ . -, bắt đầu bằng một chữ cái hoặc chữ số',
  [DOCKER_CONTAINER_MESSAGES.search]: 'Chuỗi tìm kiếm không được chứa ký tự điều khiển (tối đa 200 ký tự)',
  [DOCKER_CONTAINER_MESSAGES.since]: 'Dùng một ngày giờ, hoặc thời gian Unix tính bằng giây',
  [CONTAINER_MESSAGES.notFound]: 'Không có container này trên máy chủ.',
  [CONTAINER_MESSAGES.tooManyStreams]:
    'Đang mở quá nhiều cửa sổ xem nhật ký và thống kê trực tiếp. Hãy đóng một cửa sổ rồi thử lại.',
  ...eventDescriptionsVi(DOCKER_CONTAINER_EVENT_DESCRIPTIONS, {
    startDockerContainer: 'Khởi động container {name}',
    stopDockerContainer: 'Dừng container {name}',
    restartDockerContainer: 'Khởi động lại container {name}',
    pauseDockerContainer: 'Tạm dừng container {name}',
    unpauseDockerContainer: 'Tiếp tục container {name}',
    renameDockerContainer: 'Đổi tên container {name} thành {new_name}',
    deleteDockerContainer: 'Xóa container {name}',
  }),
};
