import {
  SERVER_TRANSFER_EVENT_DESCRIPTIONS,
  SERVER_TRANSFER_TTL_DAYS,
} from '@hostdeck/contracts/server-transfer';
import { serverTransferRecipes } from '@hostdeck/recipes/server-transfer';
import { toLocale } from '../accounts/user-presenter.js';
import { defineArea } from '../area.js';
import { renderServerTransferMail } from '../mail/mail-templates.js';
import { generateSshKeyPair } from '../remote/ssh-keys.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import {
  registerServerTransferEventHandlers,
  SERVER_TRANSFER_UPDATE_KEYS,
} from './server-transfer.events.js';
import { createServerTransferRepository } from './server-transfer.repository.js';
import { serverTransferHttpRoutes } from './server-transfer.routes.js';
import { createServerTransferService, type TransferMailer } from './server-transfer.service.js';
import { serverTransferVi } from './server-transfer.vi.js';

/** Server transfer (issue 22 point 5, spec/000 §7 `api/servers-transfer`, docs/server-transfer.md). */
export const serverTransferArea = defineArea({
  name: 'server-transfer',
  services: (panel) => {
    const repository = createServerTransferRepository(panel.db);
    // The link is built from APP_URL, never from a request's Host header (as the account mails).
    const mailOffer: TransferMailer = async ({ transfer, senderName, locale }) => {
      const mail = renderServerTransferMail({
        locale: toLocale(locale),
        brand: panel.config.brand,
        sender: senderName,
        server: transfer.server.name,
        days: SERVER_TRANSFER_TTL_DAYS,
        url: `${panel.config.appUrl}/user/server-transfer`,
      });
      try {
        await panel.mailer.send({ to: transfer.transfer.email, ...mail });
      } catch (error) {
        panel.appLog.error(
          { err: error, transferId: transfer.transfer.id },
          'sending the transfer offer failed',
        );
      }
    };
    return {
      serverTransferRepository: repository,
      serverTransfer: createServerTransferService({
        repository,
        policy: panel.policy,
        events: panel.events,
        servers: panel.servers,
        generateKeyPair: generateSshKeyPair,
        sealPrivateKey: (privateKey) => panel.secretBox.seal(privateKey, SECRET_PURPOSE.privateKey),
        mailOffer,
        notify: panel.publish,
      }),
    };
  },
  routes: serverTransferHttpRoutes,
  onFinished: (hooks, { serverTransferRepository }) =>
    registerServerTransferEventHandlers(hooks, serverTransferRepository),
  recipes: serverTransferRecipes,
  updateKeys: SERVER_TRANSFER_UPDATE_KEYS,
  eventDescriptions: SERVER_TRANSFER_EVENT_DESCRIPTIONS,
  messages: serverTransferVi,
});
