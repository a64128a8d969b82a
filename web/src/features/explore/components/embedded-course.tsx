import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { PublicLoadState } from '@/components/ui/public-load-state';
import { usePublicCourse, type PublicLesson } from '@/features/explore/api/get-public-course';
import type { LessonToPlay } from '@/features/explore/components/explore-course-dialog';
import '@/features/explore/components/embedded-course.css';

type EmbeddedCourseProps = {
  courseId: string;
  /** The player of a lesson video (the app's, passed in so this feature does not reach into another). */
  renderPlayer: (lesson: LessonToPlay) => ReactNode;
  onTitle?: (title: string) => void;
};

const playable = (lesson: PublicLesson): lesson is PublicLesson & { job_id: string; video: NonNullable<PublicLesson['video']> } =>
  Boolean(lesson.video && lesson.job_id);

/**
 * A published course in another site's frame (issue 17): a row of its lessons, then the chosen
 * lesson's player; the first lesson with a video plays first.
 */
export function EmbeddedCourse({ courseId, renderPlayer, onTitle }: EmbeddedCourseProps) {
  const course = usePublicCourse(courseId);
  const [chosen, setChosen] = useState<number | null>(null);
  const title = course.data?.title;

  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);

  if (course.isPending || course.isError) {
    return <PublicLoadState noun="course" error={course.error} onRetry={() => void course.refetch()} />;
  }

  const { lessons } = course.data;
  const current = lessons.find((l) => l.lesson_index === chosen && playable(l)) ?? lessons.find(playable);
  const count = `${lessons.length} ${lessons.length === 1 ? 'lesson' : 'lessons'}`;

  return (
    <div className="embedded-course">
      <header className="embedded-course__bar">
        <h1 className="embedded-course__title">{course.data.title}</h1>
        <p className="embedded-course__meta">
          <Icon name="layers" /> Course · {count}
        </p>
      </header>
      <div className="embedded-course__body">
        <ol className="embedded-course__lessons" aria-label="Lessons">
          {lessons.map((lesson) => {
            const number = lesson.lesson_index + 1;
            const isCurrent = current?.lesson_index === lesson.lesson_index;
            return (
              <li key={lesson.lesson_index} className="embedded-course__lesson">
                {playable(lesson) ? (
                  <button
                    type="button"
                    className="embedded-course__pick"
                    aria-current={isCurrent ? 'true' : undefined}
                    onClick={() => setChosen(lesson.lesson_index)}
                  >
                    <span className="icon-tile icon-tile--round embedded-course__number" aria-hidden="true">
                      {isCurrent ? <Icon name="play" /> : number}
                    </span>
                    <span className="embedded-course__lesson-title">
                      <span className="visually-hidden">Lesson {number}:</span> {lesson.title}
                    </span>
                  </button>
                ) : (
                  <span className="embedded-course__pick embedded-course__pick--none">
                    <span className="icon-tile icon-tile--round embedded-course__number" aria-hidden="true">
                      {number}
                    </span>
                    <span className="embedded-course__lesson-title">
                      <span className="visually-hidden">Lesson {number}:</span> {lesson.title}
                    </span>
                    <span className="embedded-course__none">No video yet</span>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
        {current && playable(current) ? (
          <section className="embedded-course__player" aria-label={`Lesson ${current.lesson_index + 1}: ${current.title}`}>
            <div key={current.job_id}>{renderPlayer({ jobId: current.job_id, title: current.title, video: current.video })}</div>
          </section>
        ) : (
          <p className="embedded-course__empty">No lesson of this course has its video yet.</p>
        )}
      </div>
    </div>
  );
}
