import { useEffect, useState } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Lectern` : 'Lectern · AI learning videos';
  }, [title]);
}

/**
 * The document's title as a screen reports it once it knows it (a video's, a course's), `initial`
 * until then. Returns the screen's `onTitle`.
 */
export function useReportedTitle(initial: string): (title: string) => void {
  const [title, setTitle] = useState(initial);
  useDocumentTitle(title);
  return setTitle;
}
