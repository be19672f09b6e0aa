import type { PageQuery } from '@hostdeck/contracts';
import type { Database } from '../../database/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { paginate } from '../../domain/paginate.js';
import type { Caller } from '../../policy/server-policy.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { findInvoiceOf, findUserContact, listInvoicesOf } from './subscriptions.repository.js';
import { presentInvoice } from './subscriptions.service.js';

/** The caller's invoices (spec/000 §7 GET api/user/invoices) and each one's PDF; another's is 404. */
export function createInvoicesService(deps: { db: Database; brand: string }) {
  const { db } = deps;
  return {
    async list(caller: Caller, query: PageQuery) {
      const { total, rows } = await listInvoicesOf(db, caller.id, query.page, query.itemsPerPage);
      return paginate({
        data: rows.map(presentInvoice),
        total,
        page: query.page,
        perPage: query.itemsPerPage,
        path: '/api/user/invoices',
      });
    },

    async pdf(caller: Caller, key: string) {
      const invoice = await findInvoiceOf(db, caller.id, key);
      if (!invoice) throw new NotFoundError();
      const customer = (await findUserContact(db, caller.id)) ?? { name: '', email: '' };
      return {
        filename: `${invoice.number}.pdf`,
        body: await renderInvoicePdf(invoice, customer, deps.brand),
      };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
