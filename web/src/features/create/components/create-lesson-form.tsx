import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField } from '@/features/create/components/prompt-field';
import { WriterNotice } from '@/features/create/components/writer-notice';
import { useWriter } from '@/features/create/api/get-writer';
import { DurationField, minuteWord, RangeField } from '@/features/create/components/range-field';
import { SwitchField } from '@/features/create/components/switch-field';
import { useCreateForm } from '@/features/create/hooks/use-create-form';
import { useVideoGeneration } from '@/features/create/hooks/use-video-generation';
import { lessonFormSchema, type LessonFormValues } from '@/features/create/lib/form-schemas';
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LEVEL,
  DEFAULT_WPM,
  LEVELS,
  LONG_VIDEO_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_TOPIC_LENGTH,
  MAX_WPM,
  MIN_DURATION_MINUTES,
  MIN_WPM,
  videoCost,
} from '@/features/create/lib/video-request';
import '@/features/create/components/create-lesson.css';

const examples = ['How vaccines train the immune system', 'Eigenvalues and eigenvectors', 'Recursion in Python', 'Supply and demand'];

type CreateLessonFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

export function CreateLessonForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateLessonFormProps) {
  const generation = useVideoGeneration(userId);
  const { control, handleSubmit, clearErrors, resetField, setFocus } = useForm<LessonFormValues>({
    resolver: zodResolver(lessonFormSchema),
    defaultValues: { topic: '', level: DEFAULT_LEVEL, duration: DEFAULT_DURATION_MINUTES, subtitles: true, wpm: DEFAULT_WPM },
    // An error shows from a submit until the field changes, as it did before the form library.
    reValidateMode: 'onSubmit',
  });
  const [duration, subtitles, wpm] = useWatch({ control, name: ['duration', 'subtitles', 'wpm'] });

  const cost = videoCost(duration);
  const writer = useWriter();
  const form = useCreateForm({ generation, cost, availableCredits, onQueued });

  const submit = handleSubmit((values) =>
    form.send(() => generation.start(values, writer ? { writer: writer.kind } : undefined)),
  );

  const createAnother = () => {
    generation.reset();
    resetField('topic');
    setFocus('topic');
  };

  const shortMessage =
    (availableCredits === 0
      ? `You're out of credits. This video needs ${creditWord(cost)}.`
      : `This video needs ${creditWord(cost)} and you have ${creditWord(availableCredits ?? 0)}.`) +
    (cost > 1 && (availableCredits ?? 0) >= 1
      ? ` A video under ${LONG_VIDEO_MINUTES} minutes costs ${creditWord(videoCost(MIN_DURATION_MINUTES))}.`
      : '');

  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.topic || 'Your video'}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={createAnother}
        />
      </div>
      <form className="create-lesson__grid create-lesson__grid--split" onSubmit={submit} noValidate aria-label="Create an explainer video">
        <div className="form-card form-card--prompt">
          <Controller
            control={control}
            name="topic"
            render={({ field, fieldState }) => (
              <PromptField
                label="What should the video explain?"
                ref={field.ref}
                rows={3}
                maxLength={MAX_TOPIC_LENGTH}
                value={field.value}
                error={fieldState.error?.message ?? null}
                onChange={(value) => {
                  field.onChange(value);
                  clearErrors('topic');
                }}
                placeholder="e.g. How photosynthesis turns sunlight into sugar"
                help="A concept, a question or a skill. Be as specific as you like."
                examples={examples}
                examplesLabel="Example topics"
              />
            )}
          />
        </div>

        <OrderCard
          title="Your video"
          features={[
            { icon: 'mic', text: `Narrated slides at ${wpm} words per minute` },
            { icon: 'captions', text: subtitles ? 'Subtitles, chapters and a transcript' : 'Chapters and a transcript' },
            { icon: 'clock', text: `About ${minuteWord(duration)} long, with a thumbnail and chapters` },
          ]}
          cost={cost}
          costTestId="video-cost"
          availableCredits={availableCredits}
          short={form.short}
          shortMessage={shortMessage}
          buyCreditsPath={buyCreditsPath}
          submitting={form.submitting}
          submitLabel={writer?.kind === 'offline_draft' ? 'Generate offline draft' : 'Generate video'}
          writerNotice={<WriterNotice writer={writer} cost={cost} noun="video" />}
          note="Credits are refunded automatically if the video fails or you cancel it."
        />

        <div className="form-card form-card--options">
          <Controller
            control={control}
            name="level"
            render={({ field }) => <LevelOptions legend="Level" options={LEVELS} value={field.value} onChange={field.onChange} />}
          />

          <div className="field-pair">
            <Controller
              control={control}
              name="duration"
              render={({ field }) => (
                <DurationField
                  value={field.value}
                  min={MIN_DURATION_MINUTES}
                  max={MAX_DURATION_MINUTES}
                  onChange={field.onChange}
                  help={`${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES} minutes. ${LONG_VIDEO_MINUTES} minutes or more costs ${creditWord(videoCost(LONG_VIDEO_MINUTES))}.`}
                />
              )}
            />
            <Controller
              control={control}
              name="wpm"
              render={({ field }) => (
                <RangeField
                  label="Speaking pace"
                  value={field.value}
                  display={`${field.value} wpm`}
                  valueText={`${field.value} words per minute`}
                  min={MIN_WPM}
                  max={MAX_WPM}
                  step={10}
                  onChange={field.onChange}
                  help={`Words per minute of the narration; ${DEFAULT_WPM} is a relaxed lecture pace.`}
                />
              )}
            />
          </div>

          <Controller
            control={control}
            name="subtitles"
            render={({ field }) => (
              <SwitchField
                label="Subtitles"
                help="Adds English subtitles in the modern style, plus a downloadable SRT."
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
      </form>
    </div>
  );
}
