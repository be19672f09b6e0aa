import {
  BACKUP_DRIVE_KIND_NAMES,
  BACKUP_EVENT_DESCRIPTIONS,
  BACKUP_MESSAGES,
} from '@hostdeck/contracts/backups';
import { backupRecipes } from '@hostdeck/recipes/backups';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';
import { NO_RESULT_ERROR, RUN_FAILED_ERROR } from './backup-results.js';

type BackupMessage = (typeof BACKUP_MESSAGES)[keyof typeof BACKUP_MESSAGES];

const messagesVi: Record<BackupMessage, string> = {
  [BACKUP_MESSAGES.name]: 'Dùng từ 1 đến 64 chữ cái, chữ số, dấu cách và . _ -',
  [BACKUP_MESSAGES.endpoint]:
    'Endpoint phải là địa chỉ http:// hoặc https:// của một tên máy hoặc IP, không có đường dẫn',
  [BACKUP_MESSAGES.region]: 'Region gồm từ 1 đến 63 chữ cái thường, chữ số và -',
  [BACKUP_MESSAGES.bucket]:
    'Tên bucket gồm từ 3 đến 63 chữ cái thường, chữ số, dấu chấm và -, bắt đầu và kết thúc bằng chữ cái hoặc chữ số',
  [BACKUP_MESSAGES.path]:
    'Đường dẫn gồm các thư mục bằng chữ cái, chữ số, . _ và - (không đứng đầu), ngăn cách bởi /',
  [BACKUP_MESSAGES.absolutePath]:
    'Đường dẫn phải bắt đầu bằng / và gồm các thư mục bằng chữ cái, chữ số, . _ và - (không đứng đầu)',
  [BACKUP_MESSAGES.accessKey]: 'Access key id gồm từ 3 đến 128 chữ cái, chữ số, . và _',
  [BACKUP_MESSAGES.secretKey]: 'Secret key gồm từ 8 đến 256 chữ cái, chữ số và / + = _ . -',
  [BACKUP_MESSAGES.secretKeyRequired]: 'Hãy nhập secret key',
  [BACKUP_MESSAGES.host]: 'Hãy nhập một tên máy hoặc địa chỉ IP',
  [BACKUP_MESSAGES.privateKey]: 'Hãy dán một khóa riêng OpenSSH, RSA hoặc EC không có passphrase (dạng PEM)',
  [BACKUP_MESSAGES.driveKind]: 'Hãy chọn một loại ổ sao lưu',
  [BACKUP_MESSAGES.driveKindChange]: 'Không thể đổi loại của ổ sao lưu; hãy tạo một ổ khác',
  [BACKUP_MESSAGES.driveNotFound]: 'Không tìm thấy ổ sao lưu',
  [BACKUP_MESSAGES.driveInUse]: 'Ổ này đang được {count} cấu hình sao lưu sử dụng; hãy xóa chúng trước',
  [BACKUP_MESSAGES.driveDuplicate]: 'Bạn đã có một ổ sao lưu với tên này',
  [BACKUP_MESSAGES.targetServer]: 'Hãy chọn một máy chủ khác của bạn làm đích',
  [BACKUP_MESSAGES.localWarning]:
    'Một thư mục trên chính máy chủ này không phải là bản sao lưu: nó mất cùng máy chủ. Chỉ dùng để thử nghiệm hoặc làm bản sao thứ hai',
  [BACKUP_MESSAGES.time]: 'Thời gian phải có dạng HH:MM (24 giờ)',
  [BACKUP_MESSAGES.exclude]:
    'Mục loại trừ là một đường dẫn hoặc mẫu trong trang web: chữ cái, chữ số, . _ @ + = , : -, ký tự đại diện * và ?, và /; tối đa 255',
  [BACKUP_MESSAGES.excludes]: 'Tối đa 100 mục loại trừ',
  [BACKUP_MESSAGES.cycle]:
    'Giữ từ 0 đến 365 bản hằng ngày, 0 đến 520 bản hằng tuần và 0 đến 240 bản hằng tháng, ít nhất một bản',
  [BACKUP_MESSAGES.nothingToBackUp]: 'Hãy chọn ít nhất một trang web hoặc cơ sở dữ liệu',
  [BACKUP_MESSAGES.siteNotFound]: 'Không tìm thấy trang web trên máy chủ này',
  [BACKUP_MESSAGES.databaseNotFound]: 'Không tìm thấy cơ sở dữ liệu trên máy chủ này',
  [BACKUP_MESSAGES.notFound]: 'Không tìm thấy cấu hình sao lưu',
  [BACKUP_MESSAGES.busy]: 'Cấu hình sao lưu này đang được thay đổi; hãy đợi sự kiện của nó kết thúc',
  [BACKUP_MESSAGES.duplicateDrive]: 'Máy chủ này đã có một cấu hình sao lưu trên ổ này',
  [BACKUP_MESSAGES.snapshotId]: 'Mã bản chụp gồm từ 8 đến 64 ký tự thập lục phân',
  [BACKUP_MESSAGES.runScope]: 'Hãy chọn một trang web hoặc một cơ sở dữ liệu, không phải cả hai',
  [BACKUP_MESSAGES.restorePaths]: 'Hãy chọn từ 1 đến 100 đường dẫn trong trang web, không có ..',
  [BACKUP_MESSAGES.restoreConfirm]: 'Hãy nhập tên cơ sở dữ liệu để ghi đè lên nó',
  [BACKUP_MESSAGES.restoreTarget]: 'Hãy chọn tên cơ sở dữ liệu mới',
  [BACKUP_MESSAGES.restoreSiteTarget]:
    'Hãy khôi phục vào một trang web có sẵn hoặc vào một trang web mới, không phải cả hai',
  [BACKUP_MESSAGES.snapshotSiteNotFound]: 'Bản chụp không có trang web nào với mã này',
  [BACKUP_MESSAGES.manifestMissing]: 'Bản chụp không có bản kê của cấu hình sao lưu này',
  [BACKUP_MESSAGES.invalidToken]: 'Mã xác thực sao lưu không hợp lệ cho máy chủ này',
  [BACKUP_MESSAGES.notInstalled]: 'Hãy cài đặt máy chủ trước',
  [BACKUP_MESSAGES.verificationFailed]: 'Kiểm tra bản sao lưu {name} trên máy chủ {server} không đạt',
  [BACKUP_MESSAGES.verificationFailedIntro]:
    'Lần kiểm tra gần nhất của các bản sao lưu này không đạt: các bản chụp có thể không khôi phục được.',
  [BACKUP_MESSAGES.verificationProblems]: 'Những gì lần kiểm tra phát hiện:',
  [BACKUP_MESSAGES.verificationAction]: 'Mở trang sao lưu của máy chủ',
  [BACKUP_MESSAGES.noVerifyResult]: 'Lần kiểm tra kết thúc mà không có kết quả',
  [BACKUP_MESSAGES.probeFailed]: 'Kiểm tra ổ sao lưu thất bại; xem sự kiện của nó để biết đầu ra từ máy chủ',
  [BACKUP_MESSAGES.missed]: 'Không có bản sao lưu nào được ghi nhận vào thời điểm đã lên lịch',
  [BACKUP_MESSAGES.noSnapshot]: 'Lần chạy báo thành công nhưng không có mã bản chụp',
  [BACKUP_MESSAGES.downloadExpired]: 'Liên kết tải xuống này đã được dùng hoặc đã hết hạn',
  [BACKUP_MESSAGES.databaseEngine]: 'Sao lưu hỗ trợ cơ sở dữ liệu MariaDB, MySQL và PostgreSQL',
  [BACKUP_MESSAGES.agentMissing]: 'Tải xuống đi qua agent của HostDeck: hãy cài agent trên máy chủ này trước',
  [BACKUP_MESSAGES.noDrive]: 'Hãy thêm một ổ sao lưu trước',
  [BACKUP_MESSAGES.probeServer]: 'Hãy chọn một máy chủ đã cài đặt của bạn để kiểm tra ổ sao lưu',
  [BACKUP_MESSAGES.driveUserRoot]:
    'Người dùng của ổ sao lưu trên máy chủ đích không được là root; hãy chọn người dùng khác',
  [BACKUP_MESSAGES.authorizeFailed]:
    'Bảng điều khiển không thể cấp quyền cho khóa của ổ sao lưu trên máy chủ đích; xem sự kiện của nó để biết đầu ra từ máy chủ',
  [BACKUP_MESSAGES.driveHostKey]:
    'Không có khóa máy chủ (host key) nào của máy chủ đích khớp với khóa mà bảng điều khiển đã xác minh; ổ sao lưu chưa được cấp quyền',
};

/**
 * Vietnamese for the backups area: its messages, the drive kinds (app info backup_drives), event
 * descriptions and step titles (i18n/vi.ts merges it).
 */
export const backupsVi: Record<string, string> = {
  ...messagesVi,
  [NO_RESULT_ERROR]: 'Lần sao lưu kết thúc mà không có kết quả',
  [RUN_FAILED_ERROR]: 'Lần sao lưu kết thúc với lỗi',
  [BACKUP_DRIVE_KIND_NAMES.s3]: 'Tương thích S3',
  [BACKUP_DRIVE_KIND_NAMES.sftp]: 'SFTP',
  [BACKUP_DRIVE_KIND_NAMES.server]: 'Một máy chủ khác',
  [BACKUP_DRIVE_KIND_NAMES.local]: 'Chính máy chủ này (không phải bản sao lưu)',
  ...eventDescriptionsVi(BACKUP_EVENT_DESCRIPTIONS, {
    createBackup: 'Thiết lập sao lưu tới {drive}',
    updateBackup: 'Cập nhật sao lưu tới {drive}',
    deleteBackup: 'Gỡ bỏ sao lưu tới {drive}',
    cloneBackup: 'Sao chép cấu hình sao lưu tới {drive} từ {source}',
    syncBackups: 'Đồng bộ cấu hình sao lưu',
    runBackup: 'Sao lưu ngay tới {drive}',
    verifyBackup: 'Kiểm tra các bản sao lưu trên {drive}',
    restoreBackup: 'Khôi phục {what} từ bản chụp {snapshot}',
    listSnapshots: 'Liệt kê các bản chụp trên {drive}',
    downloadBackup: 'Chuẩn bị tải xuống {what} từ bản chụp {snapshot}',
    probeDrive: 'Kiểm tra ổ sao lưu {drive}',
    authorizeDrive: 'Cấp quyền cho ổ sao lưu {drive} với người dùng {user}',
    revokeDrive: 'Gỡ khóa của ổ sao lưu {drive} khỏi người dùng {user}',
  }),
  ...recipeStepTitlesVi(backupRecipes, {
    'backup-install': { install: 'Cài đặt restic' },
    'backup-configure': { configure: 'Cấu hình sao lưu' },
    'backup-run': { run: 'Sao lưu máy chủ' },
    'backup-runs': { read: 'Đọc các lần sao lưu' },
    'backup-snapshots': { list: 'Liệt kê các bản chụp' },
    'backup-remove': { remove: 'Gỡ bỏ cấu hình sao lưu' },
    'backup-probe': { probe: 'Kiểm tra ổ sao lưu' },
    'backup-drive-target': { target: 'Chuẩn bị thư mục của ổ sao lưu' },
    'backup-verify': { verify: 'Kiểm tra các bản sao lưu' },
    'backup-restore': { restore: 'Khôi phục từ bản sao lưu' },
    'backup-download': { download: 'Chuẩn bị tải xuống bản sao lưu' },
    'backup-manifest': { read: 'Đọc bản kê của bản chụp' },
  }),
};
