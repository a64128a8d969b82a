import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField, tooLongMessage } from '@/features/create/components/prompt-field';
import { WriterNotice } from '@/features/create/components/writer-notice';
import { useWriter } from '@/features/create/api/get-writer';
import { useCourseGeneration } from '@/features/create/hooks/use-course-generation';
import { useCreateForm } from '@/features/create/hooks/use-create-form';
import {
  COURSE_COST,
  COURSE_DETAIL_LEVELS,
  DEFAULT_COURSE_DETAIL_LEVEL,
  MAX_BACKGROUND_LENGTH,
  MAX_GOAL_LENGTH,
  goalProblem,
  type CourseDetailLevel,
} from '@/features/create/lib/course-request';
import '@/features/create/components/create-lesson.css';

const examples = [
  'Understand how vaccines train the immune system',
  'Read and write basic Python programs',
  'Follow the linear algebra in machine learning papers',
  'Understand how interest rates affect the economy',
];

type CreateCourseFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/** SPEC 3's course form: a learning goal, what the learner already knows, and how deep to go. */
export function CreateCourseForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateCourseFormProps) {
  const generation = useCourseGeneration(userId);
  const [goal, setGoal] = useState('');
  const [background, setBackground] = useState('');
  const [detailLevel, setDetailLevel] = useState<CourseDetailLevel>(DEFAULT_COURSE_DETAIL_LEVEL);
  const [goalError, setGoalError] = useState<string | null>(null);
  const goalRef = useRef<HTMLTextAreaElement>(null);
  const backgroundRef = useRef<HTMLTextAreaElement>(null);
  const backgroundTooLong = tooLongMessage(background, MAX_BACKGROUND_LENGTH);
  const ids = useId();

  const form = useCreateForm({ generation, cost: COURSE_COST, availableCredits, onQueued });
  const writer = useWriter();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = goal.length > MAX_GOAL_LENGTH ? tooLongMessage(goal, MAX_GOAL_LENGTH) : goalProblem(goal);
    if (problem) {
      setGoalError(problem);
      goalRef.current?.focus();
      return;
    }
    if (backgroundTooLong) {
      backgroundRef.current?.focus();
      return;
    }
    await form.send(() =>
      generation.start({ goal, backgroundKnowledge: background, detailLevel }, writer ? { writer: writer.kind } : undefined),
    );
  };

  const planAnother = () => {
    generation.reset();
    setGoal('');
    goalRef.current?.focus();
  };

  const courseId = generation.job?.metadata.courseId;
  const courseTitle = generation.job?.smartTitle || generation.job?.title;

  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.goal || 'New Course'}
          failedTitle="The course could not be created"
          previousPage={paths.courseGenerator}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={planAnother}
          completedAction={
            courseId ? (
              <Link
                to={paths.courseDetail(courseId)}
                state={{ course: { id: courseId, title: courseTitle } }}
                className="btn btn--primary"
              >
                <Icon name="layers" /> Open course
              </Link>
            ) : null
          }
        />
      </div>
      <form
        className="create-lesson__grid create-lesson__grid--split"
        onSubmit={submit}
        noValidate
        aria-label="Create a course"
      >
        <div className="form-card form-card--prompt">
          <PromptField
            label="What do you want to learn?"
            ref={goalRef}
            rows={3}
            maxLength={MAX_GOAL_LENGTH}
            value={goal}
            error={goalError}
            onChange={(value) => {
              setGoal(value);
              setGoalError(null);
            }}
            placeholder="e.g. Understand how vaccines train the immune system"
            help="Your learning goal: what you want to understand or be able to do at the end."
            examples={examples}
            examplesLabel="Example goals"
          />
        </div>

        <OrderCard
          title="Your course"
          features={[
            { icon: 'layers', text: 'Ordered lessons, each with objectives, a summary and key terms' },
            { icon: 'video', text: 'A narrated video for each lesson, one by one or all at once, at no extra cost' },
            { icon: 'graduation-cap', text: 'Each lesson builds on the ones before it' },
          ]}
          cost={COURSE_COST}
          costTestId="course-cost"
          writerNotice={<WriterNotice writer={writer} cost={COURSE_COST} noun="course" />}
          availableCredits={availableCredits}
          short={form.short}
          shortMessage={`A course needs ${creditWord(COURSE_COST)} and you have ${creditWord(availableCredits ?? 0)}.`}
          buyCreditsPath={buyCreditsPath}
          submitting={form.submitting}
          submitLabel="Generate course"
          note={
            'The 3 credits are refunded automatically if the course fails or you cancel it. Lesson videos of your own ' +
            'courses are free.'
          }
        />

        <div className="form-card form-card--options">
          <div className="field">
            <label htmlFor={`${ids}-background`} className="field__label">
              What do you already know?
            </label>
            <textarea
              id={`${ids}-background`}
              ref={backgroundRef}
              className="field__input field__input--area"
              rows={2}
              value={background}
              placeholder="e.g. High-school biology; no programming yet"
              aria-invalid={backgroundTooLong ? true : undefined}
              aria-describedby={`${ids}-background-help${backgroundTooLong ? ` ${ids}-background-error` : ''}`}
              onChange={(e) => setBackground(e.target.value)}
            />
            <p id={`${ids}-background-help`} className="field__help">
              Optional. The course starts from here instead of from scratch.
            </p>
            {backgroundTooLong ? (
              <p id={`${ids}-background-error`} className="field__error" role="alert">
                {backgroundTooLong}
              </p>
            ) : null}
          </div>

          <LevelOptions legend="Detail" options={COURSE_DETAIL_LEVELS} value={detailLevel} onChange={setDetailLevel} />
        </div>
      </form>
    </div>
  );
}
