import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Storyboard } from '@/features/editor/api/contract';
import { getPreviewFrame } from '@/features/editor/api/preview-frame';
import { storyboardIssues, type StoryboardIssue } from '@/features/editor/lib/field-errors';

/** How long the slide waits after the last edit before it is drawn again. */
export const FRAME_DEBOUNCE_MS = 400;

type SlideImageProps = {
  /** The storyboard and this scene's place in it as they are now (read when the request goes out). */
  current: () => { storyboard: Storyboard; index: number };
  /** Changes whenever the scene does: the slide is drawn again, debounced. */
  sceneKey: string;
  alt: string;
  /** The problems the server found with this scene (none once it draws), at the index it was asked for. */
  onIssues: (issues: StoryboardIssue[], index: number) => void;
};

type Frame = { url: string | null; state: 'drawing' | 'ready' | 'invalid' | 'failed'; message?: string };

/** The scene's slide as the renderer draws it (POST /api/storyboards/preview-frame), redrawn after edits. */
export function SlideImage({ current, sceneKey, alt, onIssues }: SlideImageProps) {
  const [frame, setFrame] = useState<Frame>({ url: null, state: 'drawing' });
  const urlRef = useRef<string | null>(null);
  const firstRef = useRef(true);
  const currentRef = useRef(current);
  currentRef.current = current;
  const onIssuesRef = useRef(onIssues);
  onIssuesRef.current = onIssues;

  useEffect(() => {
    const controller = new AbortController();
    const delay = firstRef.current ? 0 : FRAME_DEBOUNCE_MS;
    firstRef.current = false;
    const timer = setTimeout(() => {
      const { storyboard, index } = currentRef.current();
      setFrame((f) => ({ ...f, state: 'drawing' }));
      getPreviewFrame({ storyboard, scene: index }, controller.signal).then(
        (blob) => {
          if (controller.signal.aborted) return;
          const url = URL.createObjectURL(blob);
          if (urlRef.current) URL.revokeObjectURL(urlRef.current);
          urlRef.current = url;
          setFrame({ url, state: 'ready' });
          onIssuesRef.current([], index);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const issues = storyboardIssues(error, index);
          if (issues) {
            setFrame((f) => ({ ...f, state: 'invalid' }));
            onIssuesRef.current(issues, index);
          } else {
            const message = error instanceof ApiError || error instanceof Error ? error.message : 'The slide could not be drawn.';
            setFrame((f) => ({ ...f, state: 'failed', message }));
          }
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sceneKey]);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    },
    [],
  );

  return (
    <figure className={`scene-slide scene-slide--${frame.state}`} aria-busy={frame.state === 'drawing'}>
      {frame.url ? (
        <img className="scene-slide__image" src={frame.url} alt={alt} width={1280} height={720} />
      ) : (
        <div className="scene-slide__placeholder">
          {frame.state === 'drawing' ? <span className="spinner" aria-hidden="true" /> : null}
          <span className="visually-hidden">{alt}</span>
        </div>
      )}
      {frame.state !== 'ready' ? (
        <figcaption className="scene-slide__caption">
          {frame.state === 'drawing' ? 'Drawing the slide…' : null}
          {frame.state === 'invalid' ? 'Fix the marked fields to see the slide again.' : null}
          {frame.state === 'failed' ? `The slide could not be drawn: ${frame.message}` : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
