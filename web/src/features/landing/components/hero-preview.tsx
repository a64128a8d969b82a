import { Icon } from '@/components/ui/icon';

/**
 * The example lesson's files in web/public/example/, made by Lectern from the storyboard beside
 * them: `LECTERN_LOCAL_MODEL=off lectern render --storyboard ohms-law.storyboard.json --out out`,
 * then the voice re-encoded at 48 kb/s mono AAC (ffmpeg, the picture copied) and the poster taken
 * from the title slide at 2 s, 960x540, to keep all three under 1.5 MB.
 */
const EXAMPLE_LESSON = {
  title: "Ohm's law",
  video: '/example/ohms-law.mp4',
  captions: '/example/ohms-law.vtt',
  poster: '/example/ohms-law.jpg',
  length: '0:58',
};

/**
 * A real lesson made by Lectern, played by the browser's own player with its captions (issue 54:
 * the landing page's example had a play button that did nothing).
 */
export function HeroPreview() {
  return (
    <figure className="preview" aria-labelledby="hero-example-caption">
      <div className="preview__window">
        <div className="preview__bar" aria-hidden="true">
          <span className="preview__dot" />
          <span className="preview__dot" />
          <span className="preview__dot" />
          <span className="preview__title">{EXAMPLE_LESSON.title}</span>
        </div>
        <video
          className="preview__video"
          controls
          preload="metadata"
          playsInline
          poster={EXAMPLE_LESSON.poster}
          width={1280}
          height={720}
          data-testid="example-video"
        >
          <source src={EXAMPLE_LESSON.video} type="video/mp4" />
          <track kind="captions" src={EXAMPLE_LESSON.captions} srcLang="en" label="English" default />
        </video>
      </div>
      <figcaption className="preview__caption-line" id="hero-example-caption">
        An example lesson made by Lectern: {EXAMPLE_LESSON.title}, {EXAMPLE_LESSON.length}.
      </figcaption>
      <p className="preview__chips">
        <span className="chip">
          <Icon name="captions" /> Captions
        </span>
        <span className="chip">
          <Icon name="mic" /> Narrated
        </span>
        <span className="chip">
          <Icon name="zap" /> 1 credit
        </span>
      </p>
    </figure>
  );
}
