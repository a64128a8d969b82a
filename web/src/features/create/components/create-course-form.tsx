import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { LabelledField } from '@/components/ui/labelled-field';
import { paths } from '@/config/paths';
import { CreateFormLayout } from '@/features/create/components/create-form-layout';
import { FormField } from '@/features/create/components/form-fields';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, type OrderFeature } from '@/features/create/components/order-card';
import { MAX_SOURCES, SourcesChooser, useSourcesChoice } from '@/features/create/components/sources-chooser';
import { WriterNotice } from '@/features/create/components/writer-notice';
import { useWriter } from '@/features/create/api/get-writer';
import { useCourseGeneration } from '@/features/create/hooks/use-course-generation';
import { draftKey } from '@/lib/drafts';
import { useCreateForm, useCreateFormValues, type CreateFormProps } from '@/features/create/hooks/use-create-form';
import {
  COURSE_COST,
  COURSE_DETAIL_LEVELS,
  COURSE_DETAIL_LEVELS_FROM_SOURCES,
  DEFAULT_COURSE_DETAIL_LEVEL,
  MAX_BACKGROUND_LENGTH,
  MAX_GOAL_LENGTH,
} from '@/features/create/lib/course-request';
import { courseFormSchema } from '@/features/create/lib/form-schemas';
import { typedTextProblem } from '@/features/create/lib/too-long';
import '@/features/create/components/create-lesson.css';

const examples = [
  'Understand how vaccines train the immune system',
  'Read and write basic Python programs',
  'Follow the linear algebra in machine learning papers',
  'Understand how interest rates affect the economy',
];

const features: OrderFeature[] = [
  { icon: 'layers', text: 'Ordered lessons, each with objectives, a summary and key terms' },
  { icon: 'video', text: 'A narrated video for each lesson, one by one or all at once, at no extra cost' },
  { icon: 'graduation-cap', text: 'Each lesson builds on the ones before it' },
];

const sourcesHelp =
  "Choose your own documents and the course follows them: a lesson per section, each lesson's video teaching " +
  `what its section says, every sentence citing its passage. Up to ${MAX_SOURCES}; none, and it is planned from your goal alone.`;

/** The detail level's help once documents are chosen: their sections, not the level, decide how many lessons. */
const detailHelpFromSources = "Your documents' sections decide how many lessons (3 to 12); the detail sets how long each lesson's video is.";

/**
 * What the order says of the chosen documents: the course follows them. The offline writer
 * still makes a lesson of each section, but its videos cite nothing.
 */
function sourcesFeature(count: number, offline: boolean): string {
  const documents = count === 1 ? 'your document' : `your ${count} documents`;
  return offline
    ? `Follows ${documents}, a lesson per section; the offline writer's videos cite nothing`
    : `Follows ${documents}: a lesson per section, each video written from its section, each sentence cited`;
}

/** SPEC 3's course form: a learning goal, what the learner already knows, how deep to go, and the documents it follows. */
export function CreateCourseForm({ userId, availableCredits, buyCreditsPath, onQueued, sources }: CreateFormProps) {
  const generation = useCourseGeneration(userId);
  const draft = userId ? draftKey(userId, 'create-course') : null;
  const values = useCreateFormValues(courseFormSchema, {
    goal: '',
    backgroundKnowledge: '',
    detailLevel: DEFAULT_COURSE_DETAIL_LEVEL,
    sources: [],
  }, draft);
  const { control, handleSubmit } = values;
  const chosen = useWatch({ control, name: 'sources' });
  const ids = useId();

  const form = useCreateForm({ generation, cost: COURSE_COST, availableCredits, buyCreditsPath, onQueued, values, prompt: 'goal', draft });
  const writer = useWriter();

  const submit = handleSubmit((course) =>
    form.send(() => generation.start(course, writer ? { writer: writer.kind } : undefined)),
  );

  const sourcesChoice = useSourcesChoice(sources, generation, chosen);
  const fromSources = chosen.length > 0;

  const courseId = generation.job?.metadata.courseId;
  const courseTitle = generation.job?.smartTitle || generation.job?.title;

  return (
    <CreateFormLayout
      form={form}
      label="Create a course"
      onSubmit={submit}
      status={
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.goal || 'New Course'}
          failedTitle="The course could not be created"
          previousPage={paths.courseGenerator}
          {...form.status}
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
      }
      prompt={{
        label: 'What do you want to learn?',
        maxLength: MAX_GOAL_LENGTH,
        placeholder: 'e.g. Understand how vaccines train the immune system',
        help: 'Your learning goal: what you want to understand or be able to do at the end.',
        examples,
        examplesLabel: 'Example goals',
      }}
      afterPrompt={
        // As on the video form: shown once the learner has documents (or they could not be loaded).
        sources && sourcesChoice.shown ? (
          <FormField
            control={control}
            name="sources"
            as={SourcesChooser}
            offer={sources}
            error={sourcesChoice.refused}
            noun="course"
            help={sourcesHelp}
          />
        ) : null
      }
      order={{
        noun: 'course',
        features: fromSources
          ? [...features, { icon: 'book', text: sourcesFeature(chosen.length, writer?.kind === 'offline_draft') }]
          : features,
        writerNotice: <WriterNotice writer={writer} cost={COURSE_COST} noun="course" />,
        shortMessage: `A course needs ${creditWord(COURSE_COST)} and you have ${creditWord(availableCredits ?? 0)}.`,
        submitLabel: 'Generate course',
        note:
          `The ${creditWord(COURSE_COST)} are refunded automatically if the course fails or you cancel it. Lesson videos of ` +
          'your own courses are free.',
      }}
      options={
        <>
          <Controller
            control={control}
            name="backgroundKnowledge"
            render={({ field }) => {
              // Shown as soon as it is too long or holds what the slides cannot draw, not only on submit.
              const tooLong = typedTextProblem(field.value, MAX_BACKGROUND_LENGTH);
              return (
                <LabelledField block="field" id={`${ids}-background`} label="What do you already know?">
                  <textarea
                    id={`${ids}-background`}
                    ref={field.ref}
                    name={field.name}
                    className="text-input field__input field__input--area"
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
                </LabelledField>
              );
            }}
          />

          <FormField
            control={control}
            name="detailLevel"
            as={LevelOptions}
            legend="Detail"
            options={fromSources ? COURSE_DETAIL_LEVELS_FROM_SOURCES : COURSE_DETAIL_LEVELS}
            help={fromSources ? detailHelpFromSources : undefined}
          />
        </>
      }
    />
  );
}
