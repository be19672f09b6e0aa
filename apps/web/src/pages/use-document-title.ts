import { useQuery } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { serverDetailQuery } from '../api/panel-queries';
import { useAppInfo } from '../api/use-app-info';
import { subDrawerTarget } from '../shell/shell-routes';
import { siteDetailQuery } from '../sites/site-queries';
import { documentTitle } from './document-title';

/**
 * Sets the browser tab's title from the page heading (its text as shown, so in the reader's
 * language), the server or site the page belongs to and the brand; back to the brand alone when
 * the page goes. The server or site is read from what the route's loader already fetched.
 */
export function useDocumentTitle(heading: RefObject<HTMLElement | null>): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const brand = useAppInfo().data?.brand ?? '';
  const target = subDrawerTarget(pathname);
  const server = useQuery({
    ...serverDetailQuery(target?.kind === 'server' ? target.id : 0),
    enabled: false,
  });
  const site = useQuery({ ...siteDetailQuery(target?.kind === 'site' ? target.id : 0), enabled: false });
  const objectName =
    target?.kind === 'server'
      ? server.data?.display_name
      : target?.kind === 'site'
        ? site.data?.display_name
        : null;
  const section = target ? t(target.kind === 'server' ? 'menu.servers' : 'menu.sites') : null;

  // No dependency list: the heading's text is read after every render of the title.
  useEffect(() => {
    document.title = documentTitle({ heading: heading.current?.textContent, objectName, section, brand });
    return () => {
      document.title = brand || document.title;
    };
  });
}
