import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { sendPageView } from '../../analytics/browser';
import { routeMetaFor } from '../../route-meta';

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * On every route change: back to the top, the title, description and robots rule of the new
 * page (a page rendered in the browser, such as /admin or /chat, has no prerendered head saying noindex),
 * and a page view to the analytics provider when one is configured.
 */
export function RouteEffects() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const meta = routeMetaFor(pathname);
    document.title = meta.title;
    setMeta('description', meta.description);
    if (meta.noindex) setMeta('robots', 'noindex, nofollow');
    else document.head.querySelector('meta[name="robots"]')?.remove();
    sendPageView({ path: pathname, title: meta.title });
  }, [pathname]);

  return null;
}
