import { useEffect } from 'react';
import { DEFAULT_PAGE_TITLE } from '@portal/domain';

export const pageTitle = (page?: string) => (page ? `${page} | ${DEFAULT_PAGE_TITLE}` : DEFAULT_PAGE_TITLE);

/** document.title is '{Page} | Product Hub', or the default title without a page name. */
export function usePageTitle(page?: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
