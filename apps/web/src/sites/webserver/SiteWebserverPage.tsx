import { useParams } from 'react-router';
import { isSiteWebserver } from '../../app/route-names';
import { ComingSoonPage } from '../../pages/ComingSoonPage';
import { WEBSERVER_TITLES, type WebserverSection } from './webserver-sections';

/** `/sites/{site}/{webserver}…`: the loader has already turned away anything but nginx and apache2. */
export function SiteWebserverPage({ section }: { section: WebserverSection }) {
  const { webserver } = useParams();
  return (
    <ComingSoonPage titleKey={WEBSERVER_TITLES[isSiteWebserver(webserver) ? webserver : 'nginx'][section]} />
  );
}
