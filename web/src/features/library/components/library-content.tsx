import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { librarySectionOptions, sectionCourses, sectionProgress, sectionVideos } from '@/features/library/api/get-library';
import { CourseGrid, GridSkeleton, VideoGrid } from '@/features/library/components/library-items';
import { EmptyState, LoadError, MoreButton, type EmptyStateProps } from '@/features/library/components/library-states';
import type { LibrarySection } from '@/types/library';
import '@/features/library/components/library.css';

export type LibraryTab = 'all' | LibrarySection;

/** The link of an empty section to the form that makes its first item. */
function CreateLink({ to, text }: { to: string; text: string }) {
  return (
    <Link to={to} className="btn btn--primary">
      <Icon name="plus" /> {text}
    </Link>
  );
}

const sectionInfo: Record<LibrarySection, { label: string; tab: string }> = {
  courses: { label: 'Courses', tab: paths.libraryCourses },
  lessons: { label: 'Lessons', tab: paths.libraryLessons },
  solutions: { label: 'Solutions', tab: paths.librarySolutions },
};

/** What a tab with nothing in it says, and the form that makes its first item. */
const emptySection: Record<LibrarySection, EmptyStateProps> = {
  courses: {
    icon: 'layers',
    title: 'No courses yet',
    text: 'Multi-lesson courses you create are kept here, with a video for each lesson.',
    action: <CreateLink to={paths.courseGenerator} text="Create a course" />,
  },
  lessons: {
    icon: 'video',
    title: 'No lessons yet',
    text: 'Explainer videos you create appear here, ready to watch with subtitles, chapters and a transcript.',
    action: <CreateLink to={paths.createLesson} text="Create an explainer video" />,
  },
  solutions: {
    icon: 'sigma',
    title: 'No solutions yet',
    text: 'Step-by-step problem solutions you create are kept here.',
    action: <CreateLink to={paths.problemSolver} text="Solve a problem" />,
  },
};

function useSection(userId: string, section: LibrarySection, enabled: boolean) {
  return useInfiniteQuery({ ...librarySectionOptions(userId, section), enabled });
}

type SectionQuery = ReturnType<typeof useSection>;

function SectionError({ query, label }: { query: SectionQuery; label: string }) {
  return (
    <LoadError onRetry={() => void query.refetch()}>
      Your {label.toLowerCase()} could not be loaded: {query.error?.message}
    </LoadError>
  );
}

function SectionGrid({ userId, section, query }: { userId: string; section: LibrarySection; query: SectionQuery }) {
  const info = sectionInfo[section];
  return section === 'courses' ? (
    <CourseGrid userId={userId} items={sectionCourses(query.data)} label={info.label} progress={sectionProgress(query.data)} />
  ) : (
    <VideoGrid userId={userId} items={sectionVideos(query.data)} label={info.label} progress={sectionProgress(query.data)} />
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
    if (query.isError) return <SectionError query={query} label={info.label} />;
    if (countOf(tab, query) === 0) return <EmptyState {...emptySection[tab]} />;
    // The tab's own heading, for the outline only (the selected tab already shows it): the
    // cards' titles are level 3, under the section they belong to as on the "All" tab.
    return (
      <section aria-labelledby={`library-${tab}`}>
        <h2 id={`library-${tab}`} className="visually-hidden">
          {info.label}
        </h2>
        <SectionGrid userId={userId} section={tab} query={query} />
        <MoreButton query={query} label="Show more" />
      </section>
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
        action={emptySection.lessons.action}
      />
    );
  }
  return (
    <div className="library-sections">
      {failed.map((s) => (
        <SectionError key={s} query={queries[s]} label={sectionInfo[s].label} />
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
