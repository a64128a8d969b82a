import { Icon } from '@/components/ui/icon';

/** The in-place message of a per-area boundary: the rest of the app keeps working. */
export function AreaError({ title, reset }: { title: string; reset: () => void }) {
  return (
    <div className="area-error" role="alert">
      <Icon name="alert" className="area-error__icon" />
      <div>
        <p className="area-error__title">{title}</p>
        <p className="area-error__text">Something went wrong in this part of the page. The rest of Lectern still works.</p>
      </div>
      <button type="button" className="btn btn--secondary btn--sm" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
