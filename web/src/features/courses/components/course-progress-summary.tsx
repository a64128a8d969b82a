import { ProgressBar } from '@/components/ui/progress-bar';
import type { CourseDetail } from '@/features/courses/api/get-course';

type CourseProgressSummaryProps = {
  progress: CourseDetail['progress'];
};

/**
 * Issue 17: how far the learner got in the course, "3 of 6 lessons completed, 80% of
 * checkpoints" (a lesson counts once its video was watched to 90%). The checkpoint share shows
 * only once a checkpoint was answered.
 */
export function CourseProgressSummary({ progress }: CourseProgressSummaryProps) {
  const { lessons, lessons_completed: completed, checkpoints_correct: correct, checkpoints_answered: answered } = progress;
  if (lessons === 0) return null;
  return (
    <section className="course-summary" aria-labelledby="course-summary-title">
      <h2 id="course-summary-title" className="course-summary__title">
        Your progress
      </h2>
      <p className="course-summary__text" data-testid="course-summary">
        <strong>
          {completed} of {lessons}
        </strong>{' '}
        {lessons === 1 ? 'lesson' : 'lessons'} completed
        {answered > 0 ? `, ${Math.round((correct * 100) / answered)}% of checkpoints` : null}
      </p>
      <ProgressBar
        className="progress progress--steps course-summary__bar"
        fillClassName="progress__fill"
        label="Lessons completed"
        value={completed}
        max={lessons}
      />
    </section>
  );
}
