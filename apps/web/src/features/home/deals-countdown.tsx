import { nextDealsEnd } from '@shop/contract/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { formatLongDate } from '../../ui/format-date';
import { countdownParts } from './countdown';

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Counts down every second to the end of the deals, the last moment of the next last day of February. */
export function DealsCountdown() {
  const now = useNow(1000);
  const end = nextDealsEnd(now);
  const parts = countdownParts(end, now);
  const units = [
    { label: 'Days', value: String(parts.days) },
    { label: 'Hours', value: pad(parts.hours) },
    { label: 'Mins', value: pad(parts.minutes) },
    { label: 'Secs', value: pad(parts.seconds) },
  ];
  return (
    <section aria-labelledby="deals-title" className="bg-linen">
      <div className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:gap-16 lg:py-20">
        <img
          src="/images/deals.svg"
          alt=""
          width={900}
          height={900}
          loading="lazy"
          className="aspect-square w-full max-w-[17rem] justify-self-center rounded-[2rem] object-cover sm:max-w-md"
        />
        <div>
          <p className="eyebrow">Get up to 20% discount</p>
          <h2 id="deals-title" className="mt-3 section-title">
            Deals Of This Month
          </h2>
          <p className="mt-4 max-w-md text-sm leading-relaxed text-muted">
            Our monthly edit of perfumes, rings and finishing touches, at up to 20% off until the clock runs out.
          </p>
          <div
            role="timer"
            aria-label={`Deals end ${formatLongDate(end)} at 23:59:59`}
            className="mt-8 flex gap-3 sm:gap-4"
          >
            {units.map((unit) => (
              <div
                key={unit.label}
                className="flex w-[4.5rem] flex-col items-center rounded-2xl bg-ivory py-4 shadow-sm sm:w-20"
              >
                <span aria-hidden="true" className="font-display text-3xl text-ink tabular-nums">
                  {unit.value}
                </span>
                <span aria-hidden="true" className="mt-1 text-[0.65rem] tracking-[0.2em] text-muted uppercase">
                  {unit.label}
                </span>
              </div>
            ))}
          </div>
          <Link to={paths.shop.href()} className={buttonClass('accent', 'md', 'mt-9')}>
            Shop the deals
          </Link>
        </div>
      </div>
    </section>
  );
}
