import '@/features/courses/components/course-page.css';

/** While the course loads: its title when the page was opened with it in navigation state. */
export function CourseLoading({ title }: { title: string | null }) {
  return (
    <div className="course-state" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {title ? `“${title}”` : 'the course'}…
    </div>
  );
}

/** A course that is not there for this user (404), or could not be read. */
export function CourseUnavailable({ notFound, message, onRetry }: { notFound: boolean; message: string; onRetry: () => void }) {
  return (
    <section className="course-state course-state--error" role="alert">
      <h1 className="course-state__title">{notFound ? 'Course not found' : 'The course could not be loaded'}</h1>
      <p>{notFound ? 'It may have been deleted, or it belongs to another account.' : message}</p>
      {notFound ? null : (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </section>
  );
}
