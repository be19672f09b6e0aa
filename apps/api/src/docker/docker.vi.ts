import { DOCKER_EVENT_DESCRIPTIONS, DOCKER_MESSAGES } from '@hostdeck/contracts/docker';
import { dockerRecipes } from '@hostdeck/recipes/docker';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';
import { DOCKER_ENGINE_MESSAGES } from './docker-engine.js';
import { DOCKER_SERVICE_MESSAGES } from './docker.service.js';

/**
 * Vietnamese for the messages of the docker area (images, volumes, networks, settings, the engine),
 * its event descriptions and its recipes' steps (i18n/vi.ts merges it; the containers' own are in
 * containers/containers.vi.ts). The web's are in apps/web/src/servers/docker/locales.
 */
export const dockerVi: Record<string, string> = {
  [DOCKER_MESSAGES.image]:
    'Dùng mã image (sha256:…) hoặc một tham chiếu như nginx:1.27 hay registry.example.com/team/app:v1',
  [DOCKER_MESSAGES.volume]: 'Dùng 2 đến 128 chữ cái, chữ số và _ . -, bắt đầu bằng một chữ cái hoặc chữ số',
  [DOCKER_MESSAGES.network]:
    'Dùng 1 đến 128 chữ cái, chữ số và _ . -, bắt đầu bằng một chữ cái hoặc chữ số, hoặc mã của mạng',
  [DOCKER_MESSAGES.maxSize]: 'Dùng một kích thước như 10m, 500k hoặc 1g',
  [DOCKER_MESSAGES.maxFile]: 'Dùng một số nguyên từ 1 đến 100',
  [DOCKER_SERVICE_MESSAGES.sameVolume]: 'Bản sao cần một tên mới',
  [DOCKER_SERVICE_MESSAGES.volumeExists]: 'Đã có một volume mang tên này',
  [DOCKER_ENGINE_MESSAGES.notInstalled]: 'Docker chưa được cài trên máy chủ này.',
  [DOCKER_ENGINE_MESSAGES.notRunning]:
    'Docker daemon không chạy trên máy chủ này. Hãy khởi động nó ở trang Dịch vụ.',
  [DOCKER_ENGINE_MESSAGES.unreachable]: 'Docker daemon không trả lời: {detail}',
  ...eventDescriptionsVi(DOCKER_EVENT_DESCRIPTIONS, {
    deleteDockerImage: 'Xóa Docker image {image}',
    pruneDockerImages: 'Dọn các Docker image không dùng',
    pruneDanglingDockerImages: 'Dọn các Docker image treo (dangling)',
    createDockerVolume: 'Tạo Docker volume {volume}',
    deleteDockerVolume: 'Xóa Docker volume {volume}',
    cloneDockerVolume: 'Nhân bản Docker volume {volume} thành {target}',
    pruneDockerVolumes: 'Dọn các Docker volume không dùng',
    createDockerNetwork: 'Tạo mạng Docker {network}',
    deleteDockerNetwork: 'Xóa mạng Docker {network}',
    pruneDockerNetworks: 'Dọn các mạng Docker không dùng',
    setDockerLogRotation: 'Đặt xoay vòng log Docker ({max_size}, {max_file} tệp)',
  }),
  ...recipeStepTitlesVi(dockerRecipes, {
    'docker-volume-clone': { clone: 'Tạo volume mới và sao chép dữ liệu' },
    'docker-log-rotation': { apply: 'Gộp tùy chọn log vào daemon.json và khởi động lại Docker' },
    'docker-settings-inventory': { read: 'Đọc cấu hình Docker daemon' },
  }),
};
