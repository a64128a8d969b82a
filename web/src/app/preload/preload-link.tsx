import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import { HOVER_DELAY_MS } from '@/app/preload/preload-plan';
import { usePreload } from '@/app/preload/use-preload';

type PreloadLinkProps = Omit<LinkProps, 'to'> & { to: string };

const modified = (e: MouseEvent) => e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || e.button !== 0;

/** The caller's own handler first, then the link's. */
const andThen =
  <E,>(own: ((event: E) => void) | undefined, then: () => void) =>
  (event: E) => {
    own?.(event);
    then();
  };

/**
 * A link whose page's thumbnails load before it is shown (SPEC 2.2), and start loading when
 * it is hovered for 300 ms (SPEC 9). New tabs and modified clicks stay plain links.
 */
export function PreloadLink({ to, onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, target, ...rest }: PreloadLinkProps) {
  const preload = usePreload();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelHover = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelHover, []);
  const startHover = () => {
    if (!preload || timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      preload.hoverPreload(to);
    }, HOVER_DELAY_MS);
  };
  return (
    <Link
      {...rest}
      to={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!preload || e.defaultPrevented || modified(e) || (target && target !== '_self')) return;
        e.preventDefault();
        cancelHover();
        void preload.navigateWithPreload(to);
      }}
      onMouseEnter={andThen(onMouseEnter, startHover)}
      onMouseLeave={andThen(onMouseLeave, cancelHover)}
      onFocus={andThen(onFocus, startHover)}
      onBlur={andThen(onBlur, cancelHover)}
    />
  );
}
