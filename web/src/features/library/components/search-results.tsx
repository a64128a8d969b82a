import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { librarySearchOptions, sectionCourses, sectionProgress, sectionVideos, type ItemType } from '@/features/library/api/get-library';
import { CourseGrid, GridSkeleton, VideoGrid } from '@/features/library/components/library-items';
import { EmptyState, LoadError, MoreButton } from '@/features/library/components/library-states';
import '@/features/library/components/library.css';

const filters: { type: ItemType | null; label: string }[] = [
  { type: null, label: 'All' },
  { type: 'course', label: 'Courses' },
  { type: 'lesson', label: 'Lessons' },
  { type: 'solution', label: 'Solutions' },
];

export function parseItemType(value: string | null): ItemType | null {
  return value === 'course' || value === 'lesson' || value === 'solution' ? value : null;
}

const searchPath = (q: string, type: ItemType | null) => (type ? `${paths.search(q)}&type=${type}` : paths.search(q));

/** Search results for `q` over titles, topics, descriptions and transcripts, best match first. */
export function SearchResults({ userId, q, type }: { userId: string; q: string; type: ItemType | null }) {
  const query = useInfiniteQuery(librarySearchOptions(userId, q, type));
  const courses = sectionCourses(query.data);
  const videos = sectionVideos(query.data);
  const progress = sectionProgress(query.data);
  const total = courses.length + videos.length;

  return (
    <>
      <nav className="tabs search-filters" aria-label="Result types">
        {filters.map((f) => (
          <Link key={f.label} to={searchPath(q, f.type)} className="tabs__tab" aria-current={f.type === type ? 'page' : undefined}>
            {f.label}
          </Link>
        ))}
      </nav>
      <div className="library-body">
        {query.isPending ? (
          <GridSkeleton label="Searching" />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()}>The search failed: {query.error.message}</LoadError>
        ) : total === 0 ? (
          <EmptyState
            icon="search"
            title={`No results for “${q}”`}
            text={
              'Search looks through the titles, topics, descriptions and transcripts of everything you made. Try another word ' +
              'or a shorter one.'
            }
            action={
              <Link to={paths.library} className="btn btn--secondary">
                Go to your library
              </Link>
            }
          />
        ) : (
          <div className="library-sections">
            <p className="search-summary" role="status">
              {`${total}${query.hasNextPage ? '+' : ''} ${total === 1 ? 'result' : 'results'}`}
            </p>
            {courses.length > 0 ? (
              <section aria-labelledby="search-courses">
                <h2 id="search-courses" className="library-section__title">
                  Courses <span className="library-section__count">{courses.length}</span>
                </h2>
                <CourseGrid userId={userId} items={courses} label="Matching courses" progress={progress} />
              </section>
            ) : null}
            {videos.length > 0 ? (
              <section aria-labelledby="search-videos">
                <h2 id="search-videos" className="library-section__title">
                  Videos <span className="library-section__count">{videos.length}</span>
                </h2>
                <VideoGrid userId={userId} items={videos} label="Matching videos" progress={progress} showType />
              </section>
            ) : null}
            <MoreButton query={query} label="More results" />
          </div>
        )}
      </div>
    </>
  );
}
