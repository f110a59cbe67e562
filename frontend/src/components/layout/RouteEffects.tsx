import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
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

/** On every route change: back to the top, and the title and description of the new page. */
export function RouteEffects() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const meta = routeMetaFor(pathname);
    document.title = meta.title;
    setMeta('description', meta.description);
  }, [pathname]);

  return null;
}
