import { DatabasesPage } from '../databases/DatabasesPage';

/**
 * `/servers/{server}/postgresql`: the shared database page for this engine (servers/databases/). Its
 * strings are that folder's catalogue (servers/databases/catalogue.ts), shared by the four pages.
 */
export default function PostgresqlPage() {
  return <DatabasesPage engine="postgresql" />;
}
