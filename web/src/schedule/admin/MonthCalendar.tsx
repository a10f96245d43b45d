import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, ButtonBase, IconButton, Typography } from '@mui/material';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { firstDayOfWeek } from '../../../../shared/i18n/week';
import { addDays, dateParts, daysInMonth, isoWeekday, makeDate } from '../../../../shared/schedule';
import { useI18n } from '../../i18n/state';
import { showLongDate } from './texts';

/** English's two-letter weekday heads, Monday first (other languages take Intl's short names). */
const WEEKDAYS_EN = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** The first day of the month containing `date`. */
export function monthOf(date: string): string {
  const { year, month } = dateParts(date);
  return makeDate(year, month, 1);
}

/** The first day of the month `n` months after the one containing `date`. */
export function shiftMonth(date: string, n: number): string {
  const { year, month } = dateParts(date);
  const idx = year * 12 + (month - 1) + n;
  return makeDate(Math.floor(idx / 12), (idx % 12) + 1, 1);
}

/** Days from the start of the week (`firstDay`, ISO 1–7) to `date`. */
function weekOffset(date: string, firstDay: number): number {
  return (isoWeekday(date) - firstDay + 7) % 7;
}

/**
 * A month calendar whose weeks start on the reader's first day (firstDayOfWeek: Monday for de and en-GB, Sunday
 * for en-US, Saturday for ar): pick a date (or several), days can be
 * disabled, and days may carry a count of events. Arrow keys move between
 * days, Page Up / Page Down between months; the chosen day is announced.
 */
export function MonthCalendar({
  label,
  month,
  onMonthChange,
  selected,
  onSelect,
  isDisabled,
  marks,
  today,
}: {
  label: string;
  month: string;
  onMonthChange: (firstOfMonth: string) => void;
  selected: readonly string[];
  onSelect: (date: string) => void;
  isDisabled?: (date: string) => boolean;
  marks?: (date: string) => number;
  today: string;
}) {
  const i18n = useI18n();
  const { t, intl } = i18n;
  const firstDay = firstDayOfWeek(intl);
  const first = monthOf(month);
  const { year, month: m } = dateParts(first);
  const days = daysInMonth(year, m);
  const lead = weekOffset(first, firstDay);
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  const heads = Array.from({ length: 7 }, (_, i) => {
    const iso = ((firstDay - 1 + i) % 7) + 1;
    // 2024-01-01 was a Monday: the day `iso - 1` after it has that ISO weekday.
    return i18n.locale === 'en' ? WEEKDAYS_EN[iso - 1]! : new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' }).format(noon(addDays('2024-01-01', iso - 1)));
  });
  const dayNumber = new Intl.NumberFormat(intl, { useGrouping: false });
  const monthTitle = new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(noon(first));
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => makeDate(year, m, i + 1))];
  while (cells.length % 7 !== 0) cells.push(null);
  const [focus, setFocus] = useState<string>(() => selected.find((d) => monthOf(d) === first) ?? (monthOf(today) === first ? today : first));
  const grid = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);

  useEffect(() => {
    if (monthOf(focus) !== first) setFocus(selected.find((d) => monthOf(d) === first) ?? first);
  }, [first]); // only when the month changes

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focus}"]`)?.focus();
  }, [focus, first]);

  const move = (to: string) => {
    wantFocus.current = true;
    if (monthOf(to) !== first) onMonthChange(monthOf(to));
    setFocus(to);
  };
  const onKey = (e: KeyboardEvent, date: string) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (e.key in steps) {
      e.preventDefault();
      move(addDays(date, steps[e.key]!));
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      const target = shiftMonth(date, e.key === 'PageUp' ? -1 : 1);
      const { year: y, month: mm } = dateParts(target);
      move(makeDate(y, mm, Math.min(dateParts(date).day, daysInMonth(y, mm))));
    } else if (e.key === 'Home') {
      e.preventDefault();
      move(addDays(date, -weekOffset(date, firstDay)));
    } else if (e.key === 'End') {
      e.preventDefault();
      move(addDays(date, 6 - weekOffset(date, firstDay)));
    }
  };

  return (
    <Box role="group" aria-label={label} sx={{ width: '100%', maxWidth: 360 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label={t('bookings.calendar.previousMonth')} onClick={() => onMonthChange(shiftMonth(first, -1))} size="small">
          <ChevronLeftIcon className="flip-rtl" />
        </IconButton>
        <Typography component="p" aria-live="polite" sx={{ fontWeight: 700 }}>
          {monthTitle}
        </Typography>
        <IconButton aria-label={t('bookings.calendar.nextMonth')} onClick={() => onMonthChange(shiftMonth(first, 1))} size="small">
          <ChevronRightIcon className="flip-rtl" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }} aria-hidden data-testid="calendar-weekdays">
        {heads.map((d) => (
          <Typography key={d} variant="caption" sx={{ textAlign: 'center', color: 'text.secondary', fontWeight: 700 }}>
            {d}
          </Typography>
        ))}
      </Box>
      <Box ref={grid} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5, mt: 0.5 }}>
        {cells.map((date, i) => {
          if (!date) return <span key={`x${i}`} />;
          const isSel = selected.includes(date);
          const disabled = isDisabled?.(date) ?? false;
          const count = marks?.(date) ?? 0;
          const name = t('bookings.calendar.day', { date: showLongDate(date, i18n), today: date === today ? 'yes' : 'no', count });
          return (
            <ButtonBase
              key={date}
              data-date={date}
              aria-label={name}
              aria-pressed={isSel}
              disabled={disabled}
              tabIndex={date === focus ? 0 : -1}
              onClick={() => {
                setFocus(date);
                onSelect(date);
              }}
              onKeyDown={(e) => onKey(e, date)}
              sx={{
                position: 'relative',
                aspectRatio: '1 / 1',
                minHeight: 36,
                borderRadius: 1.5,
                fontWeight: date === today ? 800 : 500,
                fontVariantNumeric: 'tabular-nums',
                border: '1px solid',
                borderColor: date === today ? 'primary.main' : 'transparent',
                bgcolor: isSel ? 'primary.main' : 'transparent',
                color: isSel ? 'primary.contrastText' : disabled ? 'text.disabled' : 'text.primary',
                textDecoration: disabled ? 'line-through' : 'none',
                '&:hover': { bgcolor: isSel ? 'primary.dark' : 'action.hover' },
                '&.Mui-disabled': { color: 'text.disabled', opacity: 0.6 },
              }}
            >
              {dayNumber.format(dateParts(date).day)}
              {count > 0 && (
                <Box component="span" aria-hidden sx={{ position: 'absolute', bottom: 4, width: 5, height: 5, borderRadius: '50%', bgcolor: isSel ? 'primary.contrastText' : 'primary.main' }} />
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
