import { useId, useState } from 'react';
import { FAQ_ITEMS } from './faq-items';

/** The FAQ accordion: opening one question closes the one that was open (docs/product.md#routes). */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <section className="landing-section" id="faq" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`}>Frequently Asked Questions</h2>
      <div className="faq">
        {FAQ_ITEMS.map((item, i) => {
          const expanded = open === i;
          const panelId = `${baseId}-panel-${i}`;
          return (
            <div className={`faq-item${expanded ? ' faq-item-open' : ''}`} key={item.question}>
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : i)}
                >
                  {item.question}
                  <span className="faq-chevron" aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-label={item.question} hidden={!expanded}>
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
