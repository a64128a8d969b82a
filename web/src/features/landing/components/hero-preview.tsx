import { Icon } from '@/components/ui/icon';

/**
 * A still of what a Lectern lesson looks like: equation steps, captions and chapters. A still
 * has no play button (issue 54: one that did nothing).
 */
export function HeroPreview() {
  return (
    <figure className="preview" aria-label="Example of a Lectern video: an intermediate guide to derivatives">
      <div className="preview__window">
        <div className="preview__bar">
          <span className="preview__dot" />
          <span className="preview__dot" />
          <span className="preview__dot" />
          <span className="preview__title">Intermediate Guide to Derivatives</span>
        </div>
        <div className="preview__screen">
          <p className="preview__scene">Worked example · The power rule</p>
          <ol className="preview__steps">
            <li>
              <span className="preview__math">f(x) = 3x² + 2x</span>
              <span className="preview__check">
                <Icon name="check" /> checked
              </span>
            </li>
            <li>
              <span className="preview__math">f′(x) = 3·2x + 2</span>
              <span className="preview__check">
                <Icon name="check" /> checked
              </span>
            </li>
            <li className="preview__step--active">
              <span className="preview__math">f′(x) = 6x + 2</span>
              <span className="preview__check">
                <Icon name="check" /> checked
              </span>
            </li>
          </ol>
          <p className="preview__caption">…so the slope at any point is six x plus two.</p>
        </div>
        <div className="preview__controls">
          <div className="preview__track">
            <div className="preview__progress" />
            <span className="preview__chapter" style={{ left: '22%' }} />
            <span className="preview__chapter" style={{ left: '48%' }} />
            <span className="preview__chapter" style={{ left: '76%' }} />
          </div>
          <span className="preview__time">2:41 / 5:00</span>
        </div>
      </div>
      <figcaption className="preview__chips">
        <span className="chip">
          <Icon name="captions" /> Captions
        </span>
        <span className="chip">
          <Icon name="layers" /> 4 chapters
        </span>
        <span className="chip">
          <Icon name="zap" /> 1 credit
        </span>
      </figcaption>
    </figure>
  );
}
