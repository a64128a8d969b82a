import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField } from '@/features/create/components/prompt-field';
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
} from '@/features/create/lib/course-request';
import { courseFormSchema, type CourseFormValues } from '@/features/create/lib/form-schemas';
import { tooLongMessage } from '@/features/create/lib/too-long';
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
  const { control, handleSubmit, clearErrors, resetField, setFocus } = useForm<CourseFormValues>({
    resolver: zodResolver(courseFormSchema),
    defaultValues: { goal: '', backgroundKnowledge: '', detailLevel: DEFAULT_COURSE_DETAIL_LEVEL },
    // An error shows from a submit until the field changes, as it did before the form library.
    reValidateMode: 'onSubmit',
  });
  const ids = useId();

  const form = useCreateForm({ generation, cost: COURSE_COST, availableCredits, onQueued });
  const writer = useWriter();

  const submit = handleSubmit((values) =>
    form.send(() => generation.start(values, writer ? { writer: writer.kind } : undefined)),
  );

  const planAnother = () => {
    generation.reset();
    resetField('goal');
    setFocus('goal');
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
          <Controller
            control={control}
            name="goal"
            render={({ field, fieldState }) => (
              <PromptField
                label="What do you want to learn?"
                ref={field.ref}
                rows={3}
                maxLength={MAX_GOAL_LENGTH}
                value={field.value}
                error={fieldState.error?.message ?? null}
                onChange={(value) => {
                  field.onChange(value);
                  clearErrors('goal');
                }}
                placeholder="e.g. Understand how vaccines train the immune system"
                help="Your learning goal: what you want to understand or be able to do at the end."
                examples={examples}
                examplesLabel="Example goals"
              />
            )}
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
            `The ${creditWord(COURSE_COST)} are refunded automatically if the course fails or you cancel it. Lesson videos of ` +
            'your own courses are free.'
          }
        />

        <div className="form-card form-card--options">
          <Controller
            control={control}
            name="backgroundKnowledge"
            render={({ field }) => {
              // Shown as soon as it is too long, not only on submit.
              const tooLong = tooLongMessage(field.value, MAX_BACKGROUND_LENGTH);
              return (
                <div className="field">
                  <label htmlFor={`${ids}-background`} className="field__label">
                    What do you already know?
                  </label>
                  <textarea
                    id={`${ids}-background`}
                    ref={field.ref}
                    name={field.name}
                    className="field__input field__input--area"
                    rows={2}
                    value={field.value}
                    placeholder="e.g. High-school biology; no programming yet"
                    aria-invalid={tooLong ? true : undefined}
                    aria-describedby={`${ids}-background-help${tooLong ? ` ${ids}-background-error` : ''}`}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  />
                  <p id={`${ids}-background-help`} className="field__help">
                    Optional. The course starts from here instead of from scratch.
                  </p>
                  {tooLong ? (
                    <p id={`${ids}-background-error`} className="field__error" role="alert">
                      {tooLong}
                    </p>
                  ) : null}
                </div>
              );
            }}
          />

          <Controller
            control={control}
            name="detailLevel"
            render={({ field }) => (
              <LevelOptions legend="Detail" options={COURSE_DETAIL_LEVELS} value={field.value} onChange={field.onChange} />
            )}
          />
        </div>
      </form>
    </div>
  );
}
