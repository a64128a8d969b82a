import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { libraryRootKey } from '@/features/library/api/get-library';
import { ThumbnailPreloader, type PreloadRun } from '@/lib/thumbnail-preloader';
import {
  ensureSectionData,
  NAVIGATION_CONCURRENCY,
  NAVIGATION_ITEMS_PER_LIST,
  navigatesInstantly,
  PROGRESS_STAGES,
  sectionsForPath,
  sectionThumbnails,
  TRANSITION_CHECK_MS,
  TRANSITION_MAX_CHECKS,
  TRANSITION_MAX_FAILURES,
  type PreloadSection,
} from '@/app/preload/preload-plan';

export type PreloadContextValue = {
  /** SPEC 2.2: preload the page's thumbnails (bounded wait), then go there. */
  navigateWithPreload: (to: string) => Promise<void>;
  /** SPEC 9: a link hovered for 300 ms preloads its page at high priority. */
  hoverPreload: (to: string) => void;
  /** The navigation progress bar's value, or null when no navigation is loading. */
  progress: number | null;
  /** The preloaded data has been fetched (or failed, which is logged). */
  dataReady: boolean;
  preloader: ThumbnailPreloader;
};

export const PreloadContext = createContext<PreloadContextValue | null>(null);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const USER_SECTIONS: PreloadSection[] = ['courses', 'lessons', 'solutions'];

type PreloadProviderProps = { children: ReactNode; preloader?: ThumbnailPreloader };

/**
 * SPEC 2.2, 4.5 and 9: the preloaded data (the user's courses, lessons and solutions, and the
 * explore catalogue) and its thumbnails, fetched after sign-in and before each page that shows
 * them; the user's part cleared on sign-out.
 */
export function PreloadProvider({ children, preloader: given }: PreloadProviderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { status, user } = useAuth();
  const userId = status === 'signed-in' && user ? user.uid : null;
  const [preloader] = useState(() => given ?? new ThumbnailPreloader());
  const [progress, setProgress] = useState<number | null>(null);
  const [dataReady, setDataReady] = useState(false);
  const navigation = useRef<{ seq: number; controller: AbortController | null }>({ seq: 0, controller: null });
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  useEffect(() => {
    preloader.start();
    return () => preloader.stop();
  }, [preloader]);

  // After sign-in (or for a visitor, the public part): the data, then thumbnails within the caps.
  useEffect(() => {
    if (status === 'unknown') return;
    let cancelled = false;
    const sections: PreloadSection[] = userId ? [...USER_SECTIONS, 'explore'] : ['explore'];
    setDataReady(false);
    void ensureSectionData(queryClient, userId, sections)
      .catch((error: unknown) => {
        // SPEC 4.5: logged, and the app goes on with what it has. A sign-out cancels it quietly.
        const errors = error instanceof AggregateError ? error.errors : [error];
        if (!errors.every(isCancelledError)) console.warn('Preloading the library and explore data failed', error);
      })
      .then(() => {
        if (cancelled) return;
        setDataReady(true);
        const urls = sectionThumbnails(queryClient, userId, sections);
        preloader.preload([...urls.lessons, ...urls.courses, ...urls.solutions]);
        preloader.preload(urls.explore, { priority: 'low' });
      });
    return () => {
      cancelled = true;
    };
  }, [status, userId, queryClient, preloader]);

  // SPEC 4.3: on sign-out the user's courses, lessons and solutions (and their thumbnails) go.
  const previousUser = useRef<string | null>(null);
  useEffect(() => {
    const previous = previousUser.current;
    previousUser.current = userId;
    if (previous && previous !== userId) {
      queryClient.removeQueries({ queryKey: libraryRootKey(previous) });
      preloader.clear();
    }
  }, [userId, queryClient, preloader]);

  const navigateWithPreload = useCallback(
    async (to: string) => {
      const state = navigation.current;
      state.controller?.abort();
      const seq = state.seq + 1;
      state.seq = seq;
      const current = () => navigation.current.seq === seq;
      const sections = sectionsForPath(to);
      if (navigatesInstantly(to) || sections.length === 0) {
        state.controller = null;
        setProgress(null);
        navigate(to);
        return;
      }
      const controller = new AbortController();
      state.controller = controller;
      const [loading, dataIn, thumbnailsStarted] = PROGRESS_STAGES;
      setProgress(loading);
      const task: { run: PreloadRun | null; finished: boolean } = { run: null, finished: false };
      const uid = userIdRef.current;
      void (async () => {
        try {
          await ensureSectionData(queryClient, uid, sections);
        } catch (error) {
          console.warn(`Preloading data for ${to} failed`, error);
        }
        if (!current()) return;
        setProgress(dataIn);
        const urls = sectionThumbnails(queryClient, uid, sections, NAVIGATION_ITEMS_PER_LIST);
        task.run = preloader.preload(
          sections.flatMap((s) => urls[s]),
          { concurrency: NAVIGATION_CONCURRENCY, signal: controller.signal },
        );
        setProgress(thumbnailsStarted);
        await task.run.done;
      })().finally(() => {
        task.finished = true;
      });
      for (let check = 0; check < TRANSITION_MAX_CHECKS && !task.finished; check += 1) {
        if ((task.run?.failed ?? 0) > TRANSITION_MAX_FAILURES) break;
        await sleep(TRANSITION_CHECK_MS);
        if (!current()) return;
      }
      if (!current()) return;
      controller.abort();
      navigate(to);
      setProgress(100);
      await sleep(200);
      if (current()) setProgress(null);
    },
    [navigate, preloader, queryClient],
  );

  const hoverPreload = useCallback(
    (to: string) => {
      const sections = sectionsForPath(to);
      if (sections.length === 0) return;
      const uid = userIdRef.current;
      void ensureSectionData(queryClient, uid, sections)
        .catch((error: unknown) => console.warn(`Preloading data for ${to} failed`, error))
        .then(() => {
          const urls = sectionThumbnails(queryClient, uid, sections, NAVIGATION_ITEMS_PER_LIST);
          preloader.preload(
            sections.flatMap((s) => urls[s]),
            { priority: 'high' },
          );
        });
    },
    [preloader, queryClient],
  );

  const value = useMemo<PreloadContextValue>(
    () => ({ navigateWithPreload, hoverPreload, progress, dataReady, preloader }),
    [navigateWithPreload, hoverPreload, progress, dataReady, preloader],
  );

  return <PreloadContext.Provider value={value}>{children}</PreloadContext.Provider>;
}
