import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CourseCard, MediaCard, MediaGrid } from '@/components/media/media-card';
import { exploreCoursesOptions, exploreVideosOptions } from '@/features/explore/api/get-explore';
import type { CourseItem, MediaItem } from '@/types/library';
import '@/features/explore/components/explore.css';

type Filter = 'all' | 'courses' | 'lessons' | 'solutions';

const FIRST_ROWS = 8;

const filters: { id: Filter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'courses', label: 'Courses' },
  { id: 'lessons', label: 'Lessons' },
  { id: 'solutions', label: 'Solutions' },
];

/**
 * The public explore catalogue on the landing page: published courses, lessons and
 * solutions, newest first, for visitors and users alike. A video opens with `onPlay`, a
 * course with `onOpenCourse`.
 */
export function ExploreSection({
  onPlay,
  onOpenCourse,
}: {
  onPlay: (item: MediaItem) => void;
  onOpenCourse: (item: CourseItem) => void;
}) {
  const courses = useQuery(exploreCoursesOptions());
  const videos = useQuery(exploreVideosOptions());
  const [filter, setFilter] = useState<Filter>('all');
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (courses.error) console.warn('Loading the explore courses failed', courses.error);
    if (videos.error) console.warn('Loading the explore videos failed', videos.error);
  }, [courses.error, videos.error]);

  const courseItems = filter === 'all' || filter === 'courses' ? (courses.data ?? []) : [];
  const videoItems = (videos.data ?? []).filter(
    (v) =>
      filter === 'all' ||
      (filter === 'lessons' && v.video_type === 'educational') ||
      (filter === 'solutions' && v.video_type === 'problem_solving'),
  );
  const everything = (courses.data?.length ?? 0) + (videos.data?.length ?? 0);
  // Nothing published yet (or the catalogue is unreachable): the landing page goes on without it.
  if (courses.isPending && videos.isPending) return null;
  if (everything === 0) return null;

  const cards = [
    ...courseItems.map((item) => ({ kind: 'course' as const, item, at: item.created_at })),
    ...videoItems.map((item) => ({ kind: 'video' as const, item, at: item.created_at })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const shown = expanded ? cards : cards.slice(0, FIRST_ROWS);

  return (
    <section className="section explore" id="explore" aria-labelledby="explore-title">
      <div className="container">
        <p className="eyebrow">Explore</p>
        <h2 id="explore-title" className="section__title">
          Made with Lectern, shared by learners
        </h2>
        <p className="section__lead">Courses, lessons and worked solutions people have published. Watch any of them, free.</p>
        <div className="tabs explore__filters" role="group" aria-label="Explore filters">
          {filters.map((f) => (
            <button
              key={f.id}
              type="button"
              className="tabs__tab"
              aria-pressed={filter === f.id}
              onClick={() => {
                setFilter(f.id);
                setExpanded(false);
              }}
            >
              {f.label}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <p className="explore__empty">Nothing here yet.</p>
        ) : (
          <MediaGrid label="Explore catalogue">
            {shown.map((card) =>
              card.kind === 'course' ? (
                <CourseCard key={`c-${card.item.id}`} item={card.item} catalogue onOpen={() => onOpenCourse(card.item)} />
              ) : (
                <MediaCard key={`v-${card.item.id}`} item={card.item} showType catalogue onOpen={() => onPlay(card.item)} />
              ),
            )}
          </MediaGrid>
        )}
        {cards.length > FIRST_ROWS ? (
          <div className="more-row">
            <button type="button" className="btn btn--secondary" onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Show fewer' : `Show all ${cards.length}`}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
