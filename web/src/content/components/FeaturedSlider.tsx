import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, IconButton, Typography, useTheme } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SliderData, SliderSettings } from '../../../../shared/content';
import { DEFAULT_SLIDER_SETTINGS, openingSlide, SLIDE_TRANSITION_MS, slideLinkText, sliderLook, welcomeSlide } from '../../../../shared/content-public';
import { useStation } from '../../app/station';
import { countSlide, useSliderData } from '../api';
import { visuallyHidden } from '../visually-hidden';
import { whenIdle } from '../../ui/idle';
import { whenFailedBefore } from '../../ui/image-failed';
import { useI18n, useT } from '../../i18n/state';

/** A slide from elsewhere (the radio domain's live slide and recently played songs). */
export interface ExtraSlide {
  /** Unique among the slides. */
  id: string;
  title: string;
  description: string;
  image_url?: string | null;
  link_url?: string | null;
  /** The link's text; "Learn more" when not given. */
  link_label?: string | null;
  /** A short label above the title, e.g. "Live now" or "Recently played". */
  kicker?: string;
  /** Before the staff's slides (a live slide) or after them (default). */
  placement?: 'first' | 'last';
}

interface ShownSlide {
  id: string;
  title: string;
  description: string;
  image_url: string | null;
  link_url: string | null;
  link_label: string | null;
  kicker: string | null;
  /** Staff slides are counted (views and clicks); extra slides are not. */
  counted: boolean;
}

/**
 * The home page's featured slider (spec 000 §2 Home, §9): auto-advances on
 * the interval from Slider Options (default 8000 ms), wraps around, pauses on
 * hover, on keyboard focus and by its pause toggle, answers the arrow keys
 * and space, shows dots and arrows as configured, crossfades in 700 ms, and
 * paints the configured background. With no slides a welcome slide shows.
 * Views and clicks of the staff's slides are counted.
 */
/**
 * The slider's first slide as the server drew it (global.css `.boot-slider`),
 * plain HTML with no component styles: the home page's first commit shows this
 * and the slider itself mounts in the next one.
 */
export function SliderPlaceholder({ extraSlides = [] }: { extraSlides?: readonly ExtraSlide[] }) {
  const t = useT();
  const station = useStation();
  const { settings, slides } = useSliderData();
  const slide = openingSlide(extraSlides, slides, station);
  const { background, foreground: fg, overlay } = sliderLook(settings, 'var(--bd-gradient)');
  return (
    <section className="boot-slider" aria-hidden style={{ background, color: fg }}>
      {overlay > 0 && <div className="boot-overlay" style={{ background: `rgba(0,0,0,${overlay})` }} />}
      <div className="boot-slide">
        <div>
          {slide.kicker && <span className="boot-kicker">{slide.kicker}</span>}
          <h2>{slide.title}</h2>
          <p>{slide.description}</p>
          {slide.link_url && (
            <span className="boot-slide-link" style={{ color: slideLinkText(fg), background: fg }}>
              {slide.link_label ?? t('home.learnMore')}
            </span>
          )}
        </div>
        {slide.image_url && <img src={slide.image_url} alt="" />}
      </div>
    </section>
  );
}

/** A slide's image that failed before the app took the server's page over is hidden as onError would (it never ran). */
const hideIfFailedBefore = (img: HTMLImageElement | null) =>
  whenFailedBefore(img, (el) => {
    el.style.display = 'none';
  });

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void): () => void {
  const m = window.matchMedia(REDUCED_MOTION);
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}
/** Whether the listener asked for less motion (issue 38 item 9): the slider then starts paused. The server draws it moving. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false);
}

export function FeaturedSlider({ extraSlides = [] }: { extraSlides?: readonly ExtraSlide[] }) {
  const { t, dir } = useI18n();
  const theme = useTheme();
  const station = useStation();
  const { settings, slides: staffSlides } = useSliderData();
  const [index, setIndex] = useState(0);
  // The listener's own choice (null until they press the toggle); with reduced motion asked for, it starts paused.
  const [chosenPause, setChosenPause] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const userPaused = chosenPause ?? reducedMotion;
  const setUserPaused = (next: (p: boolean) => boolean) => setChosenPause(next(userPaused));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const counted = useRef(new Set<string>());
  // The other slides join once the browser is idle: the first screen's commit holds only the one on show.
  const [allMounted, setAllMounted] = useState(false);
  useEffect(() => whenIdle(() => setAllMounted(true)), []);

  const slides: ShownSlide[] = useMemo(() => {
    const extra = (s: ExtraSlide): ShownSlide => ({
      id: `extra:${s.id}`,
      title: s.title,
      description: s.description,
      image_url: s.image_url ?? null,
      link_url: s.link_url ?? null,
      link_label: s.link_label ?? null,
      kicker: s.kicker ?? null,
      counted: false,
    });
    const own = staffSlides.map((s): ShownSlide => ({ ...s, link_label: null, kicker: null, counted: true }));
    // With no staff slides the welcome slide stands in for them (the radio's slides go around it).
    const welcome: ShownSlide = { ...welcomeSlide(station), id: 'welcome', image_url: null, link_label: null, kicker: null, counted: false };
    return [...extraSlides.filter((s) => s.placement === 'first').map(extra), ...(own.length > 0 ? own : [welcome]), ...extraSlides.filter((s) => s.placement !== 'first').map(extra)];
  }, [staffSlides, extraSlides, station.name, station.tagline]);

  const count = slides.length;
  const current = index % count;
  const paused = userPaused || hovered || focused;
  const interval = Math.max(1000, settings.auto_advance_interval);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => go(current + 1), interval);
    return () => clearTimeout(timer);
  }, [paused, count, current, interval, go]);

  const shown = slides[current]!;
  useEffect(() => {
    if (!shown.counted || counted.current.has(shown.id)) return;
    counted.current.add(shown.id);
    countSlide(shown.id, 'views');
  }, [shown]);

  // The arrow keys go the way the page reads: in a right-to-left language the next slide is to the left.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === (dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')) {
      e.preventDefault();
      go(current + 1);
    } else if (e.key === (dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft')) {
      e.preventDefault();
      go(current - 1);
    } else if ((e.key === ' ' || e.key === 'Spacebar') && e.target === e.currentTarget) {
      e.preventDefault();
      setUserPaused((p) => !p);
    }
  };

  const { background, foreground: fg, overlay } = sliderLook(settings, theme.airdeck.gradient);

  return (
    <Box
      component="section"
      role="region"
      aria-roledescription={t('slider.roleCarousel')}
      aria-label={t('slider.label')}
      tabIndex={0}
      data-interval={interval}
      data-paused={paused ? 'true' : 'false'}
      data-testid="featured-slider"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => {
        // Keyboard focus pauses (WCAG 2.2.2); a mouse click on a control does not.
        if (e.target.matches(':focus-visible')) setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ position: 'relative', overflow: 'hidden', borderRadius: 3, background, color: fg, minHeight: { xs: 260, md: 340 } }}
    >
      {overlay > 0 && <Box aria-hidden sx={{ position: 'absolute', inset: 0, bgcolor: `rgba(0, 0, 0, ${overlay})` }} />}
      <Box aria-live={paused ? 'polite' : 'off'} sx={{ position: 'relative', display: 'grid', minHeight: 'inherit' }}>
        {slides.map((s, i) => {
          const active = i === current;
          if (!active && !allMounted) return null;
          return (
            <Box
              key={s.id}
              role="group"
              aria-roledescription={t('slider.roleSlide')}
              aria-label={t('slider.position', { index: i + 1, count })}
              aria-hidden={!active}
              inert={!active}
              sx={{
                gridArea: '1 / 1',
                display: 'flex',
                flexDirection: { xs: 'column-reverse', md: 'row' },
                alignItems: { xs: 'flex-start', md: 'center' },
                gap: { xs: 2, md: 4 },
                // Clear of the arrows (40 px at 8 px from each side) wherever they show, from 600 px.
                px: { xs: 3, sm: 7, md: 9 },
                pt: { xs: 3, md: 5 },
                pb: { xs: 7, md: 6 },
                opacity: active ? 1 : 0,
                visibility: active ? 'visible' : 'hidden',
                transition: `opacity ${SLIDE_TRANSITION_MS}ms ease, visibility ${SLIDE_TRANSITION_MS}ms`,
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {s.kicker && (
                  <Typography variant="overline" sx={{ letterSpacing: '0.14em', opacity: 0.9 }}>
                    {s.kicker}
                  </Typography>
                )}
                <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: '1.6rem', md: '2.2rem' }, textShadow: overlay ? '0 1px 3px rgba(0,0,0,.5)' : 'none' }}>
                  {s.title}
                </Typography>
                <Typography sx={{ mb: 2.5, maxWidth: 560, fontSize: { md: '1.1rem' }, opacity: 0.92 }}>{s.description}</Typography>
                {s.link_url && <SlideLink slide={s} fg={fg} />}
              </Box>
              {s.image_url && (
                <Box
                  component="img"
                  src={s.image_url}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  ref={hideIfFailedBefore}
                  onError={(e) => {
                    e.currentTarget.style.display = 'none';
                  }}
                  sx={{ width: { xs: 120, md: 260 }, maxHeight: { xs: 120, md: 240 }, objectFit: 'contain', borderRadius: 2, flexShrink: 0 }}
                />
              )}
            </Box>
          );
        })}
      </Box>

      {count > 1 && settings.show_arrows && (
        <>
          <IconButton aria-label={t('slider.previous')} onClick={() => go(current - 1)} sx={arrowSx('left', fg)}>
            <ChevronLeftIcon className="flip-rtl" />
          </IconButton>
          <IconButton aria-label={t('slider.next')} onClick={() => go(current + 1)} sx={arrowSx('right', fg)}>
            <ChevronRightIcon className="flip-rtl" />
          </IconButton>
        </>
      )}

      <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 10, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}>
        {count > 1 && (
          <IconButton size="small" aria-label={userPaused ? t('slider.play') : t('slider.pause')} onClick={() => setUserPaused((p) => !p)} sx={{ color: fg }}>
            {userPaused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
          </IconButton>
        )}
        {count > 1 &&
          settings.show_dots &&
          slides.map((s, i) => (
            <Box
              key={s.id}
              component="button"
              type="button"
              aria-label={t('slider.goTo', { index: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              sx={{ width: 24, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer', display: 'grid', placeItems: 'center', borderRadius: '50%' }}
            >
              <Box component="span" sx={{ width: i === current ? 12 : 8, height: i === current ? 12 : 8, borderRadius: '50%', bgcolor: fg, opacity: i === current ? 1 : 0.55, transition: 'all 200ms' }} />
            </Box>
          ))}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('slider.keys')}
      </Box>
    </Box>
  );
}

function arrowSx(side: 'left' | 'right', fg: string) {
  return {
    position: 'absolute',
    top: '50%',
    [side]: 8,
    transform: 'translateY(-50%)',
    color: fg,
    bgcolor: 'rgba(0,0,0,0.25)',
    '&:hover': { bgcolor: 'rgba(0,0,0,0.4)' },
    display: { xs: 'none', sm: 'inline-flex' },
  } as const;
}

function SlideLink({ slide, fg }: { slide: ShownSlide; fg: string }) {
  const t = useT();
  const href = slide.link_url!;
  const onClick = () => {
    if (slide.counted) countSlide(slide.id, 'clicks');
  };
  const sx = { color: slideLinkText(fg), bgcolor: fg, '&:hover': { bgcolor: fg, opacity: 0.9 } } as const;
  const label = (
    <>
      {slide.link_label ?? t('home.learnMore')}
      <Box component="span" sx={visuallyHidden}>: {slide.title}</Box>
    </>
  );
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Button component={RouterLink} to={href} variant="contained" onClick={onClick} sx={sx}>
        {label}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="contained" onClick={onClick} sx={sx}>
      {label}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {t('auth.menu.newTab')}
      </Box>
    </Button>
  );
}
