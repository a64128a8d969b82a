import { useState, type ReactNode } from 'react';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { usePublicCourse, type PublicLesson, type PublicLessonVideo } from '@/features/explore/api/get-public-course';
import { ApiError } from '@/lib/api-client';
import type { CourseItem } from '@/types/library';
import '@/features/explore/components/explore.css';

/** A lesson video to play: its job id names its media. */
export type LessonToPlay = { jobId: string; title: string; video: PublicLessonVideo };

type ExploreCourseDialogProps = {
  course: CourseItem;
  onClose: () => void;
  /** The player for a lesson video (the app's player, passed in so this feature does not reach into another). */
  renderPlayer: (lesson: LessonToPlay) => ReactNode;
};

const lessonCount = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;

/**
 * A published course from the explore catalogue, for visitors too: its summary, its lessons
 * in order, and each finished lesson video played in place.
 */
export function ExploreCourseDialog({ course, onClose, renderPlayer }: ExploreCourseDialogProps) {
  const detail = usePublicCourse(course.id);
  const [playing, setPlaying] = useState<PublicLesson | null>(null);
  const lessons = detail.data?.lessons.length ?? course.lesson_count ?? 0;
  const video = playing?.video;

  return (
    <Dialog title={course.title} description={course.goal} onClose={onClose} wide={Boolean(video)}>
      <div className="explore-course">
        {playing && video && playing.job_id ? (
          <section className="explore-course__player" aria-label={`Lesson ${playing.lesson_index + 1}: ${playing.title}`}>
            <h3 className="explore-course__now">
              Lesson {playing.lesson_index + 1}: {playing.title}
            </h3>
            <div key={playing.job_id}>{renderPlayer({ jobId: playing.job_id, title: playing.title, video })}</div>
          </section>
        ) : (
          <div className="explore-course__cover">
            <MediaThumbnail item={course} variant="course" />
          </div>
        )}
        {course.description ? <p>{course.description}</p> : null}
        <p className="explore-course__meta">{lessonCount(lessons)}</p>
        {detail.isPending ? (
          <p className="explore-course__state" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the lessons…
          </p>
        ) : detail.isError ? (
          <div className="explore-course__state" role="alert">
            {detail.error instanceof ApiError && detail.error.status === 404 ? (
              <p>This course is no longer published.</p>
            ) : (
              <>
                <p>The lessons could not be loaded.</p>
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => void detail.refetch()}>
                  Try again
                </button>
              </>
            )}
          </div>
        ) : (
          <ol className="explore-lessons" aria-label="Lessons">
            {detail.data.lessons.map((lesson) => (
              <LessonRow
                key={lesson.lesson_index}
                lesson={lesson}
                current={playing?.lesson_index === lesson.lesson_index}
                onWatch={() => setPlaying(lesson)}
              />
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}

function LessonRow({ lesson, current, onWatch }: { lesson: PublicLesson; current: boolean; onWatch: () => void }) {
  const number = lesson.lesson_index + 1;
  return (
    <li className="explore-lesson" aria-current={current ? 'true' : undefined} data-testid="explore-lesson">
      <span className="icon-tile icon-tile--round explore-lesson__number" aria-hidden="true">
        {number}
      </span>
      <div className="explore-lesson__body">
        <p className="explore-lesson__title">
          <span className="visually-hidden">Lesson {number}: </span>
          {lesson.title}
        </p>
        {lesson.summary ? <p className="explore-lesson__summary">{lesson.summary}</p> : null}
      </div>
      {lesson.video && lesson.job_id ? (
        <button type="button" className="btn btn--primary btn--sm" onClick={onWatch} disabled={current}>
          <Icon name="play" /> Watch lesson {number}
        </button>
      ) : (
        <span className="explore-lesson__none">No video yet</span>
      )}
    </li>
  );
}
