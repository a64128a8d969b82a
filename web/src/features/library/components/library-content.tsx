import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { librarySectionOptions, sectionCourses, sectionVideos } from '@/features/library/api/get-library';
import { CourseGrid, GridSkeleton, VideoGrid } from '@/features/library/components/library-items';
import type { LibrarySection } from '@/types/library';
import '@/features/library/components/library.css';

export type LibraryTab = 'all' | LibrarySection;

function EmptyState({ icon, title, text, action }: { icon: IconName; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="library-empty">
      <span className="library-empty__icon">
        <Icon name={icon} />
      </span>
      <h2 className="library-empty__title">{title}</h2>
      <p className="library-empty__text">{text}</p>
      {action}
    </div>
  );
}

const sectionInfo: Record<LibrarySection, { label: string; icon: IconName; empty: string; text: string; create: ReactNode; tab: string }> = {
  courses: {
    label: 'Courses',
    icon: 'layers',
    empty: 'No courses yet',
    text: 'Multi-lesson courses you create are kept here, with a video for each lesson.',
    create: (
      <Link to={paths.courseGenerator} className="btn btn--primary">
        <Icon name="plus" /> Create a course
      </Link>
    ),
    tab: paths.libraryCourses,
  },
  lessons: {
    label: 'Lessons',
    icon: 'video',
    empty: 'No lessons yet',
    text: 'Explainer videos you create appear here, ready to watch with subtitles, chapters and a transcript.',
    create: (
      <Link to={paths.createLesson} className="btn btn--primary">
        <Icon name="plus" /> Create an explainer video
      </Link>
    ),
    tab: paths.libraryLessons,
  },
  solutions: {
    label: 'Solutions',
    icon: 'sigma',
    empty: 'No solutions yet',
    text: 'Step-by-step problem solutions you create are kept here.',
    create: (
      <Link to={paths.problemSolver} className="btn btn--primary">
        <Icon name="plus" /> Solve a problem
      </Link>
    ),
    tab: paths.librarySolutions,
  },
};

function useSection(userId: string, section: LibrarySection, enabled: boolean) {
  return useInfiniteQuery({ ...librarySectionOptions(userId, section), enabled });
}

type SectionQuery = ReturnType<typeof useSection>;

function LoadError({ query, what }: { query: SectionQuery; what: string }) {
  return (
    <div className="alert alert--error" role="alert">
      <Icon name="alert" className="alert__icon" />
      <p>
        Your {what} could not be loaded: {query.error?.message}
      </p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  );
}

function MoreButton({ query }: { query: SectionQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="library-more">
      <button
        type="button"
        className="btn btn--secondary"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
      </button>
    </div>
  );
}

function SectionGrid({ userId, section, query }: { userId: string; section: LibrarySection; query: SectionQuery }) {
  const info = sectionInfo[section];
  return section === 'courses' ? (
    <CourseGrid userId={userId} items={sectionCourses(query.data)} label={info.label} />
  ) : (
    <VideoGrid userId={userId} items={sectionVideos(query.data)} label={info.label} />
  );
}

const countOf = (section: LibrarySection, query: SectionQuery) =>
  section === 'courses' ? sectionCourses(query.data).length : sectionVideos(query.data).length;

/** The library's tabs: all (every kind, newest first within each), courses, lessons, solutions. */
export function LibraryContent({ tab, userId }: { tab: LibraryTab; userId: string }) {
  const queries: Record<LibrarySection, SectionQuery> = {
    courses: useSection(userId, 'courses', tab === 'all' || tab === 'courses'),
    lessons: useSection(userId, 'lessons', tab === 'all' || tab === 'lessons'),
    solutions: useSection(userId, 'solutions', tab === 'all' || tab === 'solutions'),
  };

  if (tab !== 'all') {
    const query = queries[tab];
    const info = sectionInfo[tab];
    if (query.isPending) return <GridSkeleton label={`Loading your ${info.label.toLowerCase()}`} />;
    if (query.isError) return <LoadError query={query} what={info.label.toLowerCase()} />;
    if (countOf(tab, query) === 0) return <EmptyState icon={info.icon} title={info.empty} text={info.text} action={info.create} />;
    return (
      <>
        <SectionGrid userId={userId} section={tab} query={query} />
        <MoreButton query={query} />
      </>
    );
  }

  const sections: LibrarySection[] = ['courses', 'lessons', 'solutions'];
  if (sections.every((s) => queries[s].isPending)) return <GridSkeleton label="Loading your library" />;
  const failed = sections.filter((s) => queries[s].isError);
  const shown = sections.filter((s) => queries[s].isSuccess && countOf(s, queries[s]) > 0);
  if (failed.length === 0 && shown.length === 0 && sections.every((s) => !queries[s].isPending)) {
    return (
      <EmptyState
        icon="library"
        title="Your library is empty"
        text="Create your first explainer video: it takes a topic and a minute of your time."
        action={sectionInfo.lessons.create}
      />
    );
  }
  return (
    <div className="library-sections">
      {failed.map((s) => (
        <LoadError key={s} query={queries[s]} what={sectionInfo[s].label.toLowerCase()} />
      ))}
      {shown.map((s) => {
        const query = queries[s];
        const info = sectionInfo[s];
        return (
          <section key={s} aria-labelledby={`library-${s}`}>
            <h2 id={`library-${s}`} className="library-section__title">
              {info.label}{' '}
              <span className="library-section__count">
                {countOf(s, query)}
                {query.hasNextPage ? '+' : ''}
              </span>
              <Link to={info.tab} className="library-section__all">
                View all <Icon name="arrow-right" />
              </Link>
            </h2>
            <SectionGrid userId={userId} section={s} query={query} />
          </section>
        );
      })}
    </div>
  );
}
