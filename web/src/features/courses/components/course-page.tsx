import { useState } from 'react';
import { Link } from 'react-router';
import { EmbedButton } from '@/components/embed/embed-button';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { FactList } from '@/components/ui/fact-list';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import type { CourseDetail, CourseLesson } from '@/features/courses/api/get-course';
import { CourseProgressSummary } from '@/features/courses/components/course-progress-summary';
import { ExportScormButton } from '@/features/courses/components/export-scorm-button';
import { lessonSourcesText } from '@/features/courses/lib/lesson-sources';
import {
  lessonStatusLabels,
  lessonsToGenerate,
  shownLesson,
  type LiveLesson,
  type ShownLesson,
} from '@/features/courses/lib/lesson-status';
import '@/features/courses/components/course-page.css';

type CoursePageProps = {
  course: CourseDetail;
  /** Lesson jobs this browser's queue follows, by lesson index (the newest per lesson). */
  live: Record<number, LiveLesson>;
  onGenerateLesson: (lesson: CourseLesson) => Promise<unknown>;
  onGenerateAll: (lessons: CourseLesson[]) => Promise<unknown>;
};

const detailNames: Record<number, string> = { 1: 'Overview', 2: 'Standard', 3: 'In depth' };

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error occurred';
}

/** The course detail page: the outline, every lesson's status, and its video to make or watch. */
export function CoursePage({ course, live, onGenerateLesson, onGenerateAll }: CoursePageProps) {
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<ReadonlySet<number>>(new Set());
  const remaining = lessonsToGenerate(course.lessons, live);
  const ready = course.lessons.filter((l) => shownLesson(l, live[l.lesson_index]).status === 'completed').length;
  const total = course.lessons.length;
  const startingAll = remaining.length > 0 && remaining.every((l) => starting.has(l.lesson_index));

  const run = async (lessons: CourseLesson[], start: () => Promise<unknown>) => {
    setError(null);
    const indices = lessons.map((l) => l.lesson_index);
    setStarting((s) => new Set([...s, ...indices]));
    try {
      await start();
    } catch (e) {
      console.error('Starting lesson videos failed', e);
      setError(errorText(e));
    } finally {
      setStarting((s) => new Set([...s].filter((i) => !indices.includes(i))));
    }
  };

  return (
    <article className="course" aria-labelledby="course-title">
      <header className="course__header">
        <div className="course__cover">
          <MediaThumbnail item={course} variant="course" />
        </div>
        <div className="course__intro">
          <p className="course__eyebrow">
            <Icon name="layers" /> Course · {total} {total === 1 ? 'lesson' : 'lessons'}
            {detailNames[course.detail_level ?? 2] ? ` · ${detailNames[course.detail_level ?? 2]}` : ''}
            {course.offline_draft ? <span className="badge badge--soft course__draft">Offline draft</span> : null}
          </p>
          <h1 id="course-title" className="course__title">
            {course.title}
          </h1>
          {course.description ? <p className="course__description">{course.description}</p> : null}
          <FactList
            className="course__facts"
            facts={[
              Boolean(course.goal) && { term: 'Goal', value: course.goal },
              Boolean(course.audience) && { term: 'For', value: course.audience },
              course.prerequisites.length > 0 && { term: 'Prerequisites', value: course.prerequisites.join('; ') },
            ]}
          />
          <CourseProgressSummary progress={course.progress} />
          <div className="course__actions">
            <ExportScormButton course={course} />
            {course.is_public ? <EmbedButton kind="course" id={course.id} title={course.title} /> : null}
          </div>
        </div>
      </header>

      <section className="course__progress" aria-label="Lesson videos">
        <div className="course__progress-text">
          <strong data-testid="course-ready-count">
            {ready} of {total}
          </strong>{' '}
          lesson videos ready
          <ProgressBar
            className="progress progress--steps course__bar"
            fillClassName="progress__fill"
            label="Lesson videos ready"
            value={ready}
            max={total}
          />
        </div>
        <button
          type="button"
          className="btn btn--primary"
          disabled={remaining.length === 0 || startingAll}
          onClick={() => void run(remaining, () => onGenerateAll(remaining))}
        >
          {startingAll ? (
            <>
              <span className="spinner" aria-hidden="true" /> Starting…
            </>
          ) : remaining.length === 0 ? (
            <>
              <Icon name="check" /> Every lesson has its video
            </>
          ) : (
            <>
              <Icon name="sparkles" /> Generate all lessons ({remaining.length})
            </>
          )}
        </button>
      </section>
      <p className="course__note">Lesson videos of your own course are free. Each one knows the lessons before it.</p>

      {error ? (
        <p className="course__error" role="alert">
          <Icon name="alert" /> {error}
        </p>
      ) : null}

      <ol className="lessons" aria-label="Lessons">
        {course.lessons.map((lesson) => (
          <LessonRow
            key={lesson.lesson_index}
            course={course}
            lesson={lesson}
            shown={shownLesson(lesson, live[lesson.lesson_index])}
            starting={starting.has(lesson.lesson_index)}
            onGenerate={() => void run([lesson], () => onGenerateLesson(lesson))}
          />
        ))}
      </ol>
    </article>
  );
}

type LessonRowProps = {
  course: CourseDetail;
  lesson: CourseLesson;
  shown: ShownLesson;
  starting: boolean;
  onGenerate: () => void;
};

function LessonRow({ course, lesson, shown, starting, onGenerate }: LessonRowProps) {
  const number = lesson.lesson_index + 1;
  const titleId = `lesson-${lesson.lesson_index}-title`;
  const active = shown.status === 'queued' || shown.status === 'processing';
  const videoJob = lesson.video?.job_id ?? lesson.job_id;
  // A course from documents: the part of them this lesson is written from.
  const from = lessonSourcesText(lesson.sources);
  return (
    <li className={`lesson lesson--${shown.status}`} aria-labelledby={titleId} data-testid="lesson">
      <span className="icon-tile icon-tile--round lesson__number" aria-hidden="true">
        {number}
      </span>
      <div className="lesson__body">
        <div className="lesson__top">
          <h2 id={titleId} className="lesson__title">
            <span className="visually-hidden">Lesson {number}: </span>
            {lesson.title}
          </h2>
          {lesson.completed ? (
            <span className="lesson__done" data-testid="lesson-completed">
              <Icon name="check" />
              <span className="visually-hidden">Completed</span>
            </span>
          ) : null}
          <StatusBadge
            block="lesson-badge"
            tone={shown.status}
            label={lessonStatusLabels[shown.status]}
            live={active}
            testId="lesson-status"
          />
        </div>
        {lesson.summary ? <p className="lesson__summary">{lesson.summary}</p> : null}
        {from ? (
          <p className="lesson__sources" data-testid="lesson-sources">
            <Icon name="book" /> {from}
          </p>
        ) : null}
        {lesson.objectives.length > 0 ? (
          <ul className="lesson__objectives" aria-label={`Objectives of lesson ${number}`}>
            {lesson.objectives.map((objective) => (
              <li key={objective}>{objective}</li>
            ))}
          </ul>
        ) : null}
        {lesson.key_terms.length > 0 ? (
          <ul className="lesson__terms" aria-label={`Key terms of lesson ${number}`}>
            {lesson.key_terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        ) : null}

        {active ? (
          <div className="lesson__progress">
            <ProgressBar
              className="progress progress--steps"
              fillClassName="progress__fill"
              label={`Progress of lesson ${number}`}
              value={shown.progress ?? 0}
              minPercent={3}
            />
            <p className="lesson__step">{shown.step || (shown.status === 'queued' ? 'Queued for processing...' : 'Generating...')}</p>
          </div>
        ) : null}
        {shown.status === 'failed' ? <p className="lesson__error">{shown.error || 'Generation failed'}</p> : null}

        <div className="lesson__actions">
          {shown.status === 'completed' && videoJob ? (
            <Link
              to={paths.video(videoJob)}
              state={{
                videoUrl: lesson.video?.video_url ?? undefined,
                subtitleUrl: lesson.video?.subtitle_url ?? undefined,
                title: lesson.title,
                description: `Lesson ${number} of ${course.title}`,
                previousPage: paths.courseDetail(course.id),
              }}
              className="btn btn--primary btn--sm"
              aria-label={`Watch lesson ${number}: ${lesson.title}`}
            >
              <Icon name="play" /> Watch
            </Link>
          ) : null}
          {shown.status === 'none' || shown.status === 'failed' ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={starting}
              onClick={onGenerate}
              aria-label={`${shown.status === 'failed' ? 'Try again' : 'Generate video'} for lesson ${number}: ${lesson.title}`}
            >
              {starting ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Starting…
                </>
              ) : (
                <>
                  <Icon name={shown.status === 'failed' ? 'refresh' : 'video'} />{' '}
                  {shown.status === 'failed' ? 'Try again' : 'Generate video'}
                </>
              )}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
