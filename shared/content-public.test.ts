import { describe, expect, it } from 'vitest';
import { SessionIdSchema, SliderSettingsSchema } from './content';
import { DEFAULT_SLIDER_SETTINGS, readableTextOn, SESSION_ID_PATTERN, sliderLook } from './content-public';

describe('the zod-free content constants of the listener pages', () => {
  it('are the defaults and rules of the schemas', () => {
    expect(DEFAULT_SLIDER_SETTINGS).toEqual(SliderSettingsSchema.parse({}));
    for (const id of ['abcdefgh', 'a'.repeat(128), 'x-y_z123', 'short', 'a'.repeat(129), 'spaces here', 'ünïcode12']) {
      expect(SESSION_ID_PATTERN.test(id), id).toBe(SessionIdSchema.safeParse(id).success);
    }
  });

  it('picks black or white text for a slide colour', () => {
    expect(readableTextOn('#24213a')).toBe('#ffffff');
    expect(readableTextOn('#f5f0e6')).toBe('#111111');
  });
});

describe('the slider look of Slider Options', () => {
  const base = DEFAULT_SLIDER_SETTINGS;
  it('draws a colour with readable text and no overlay; a broken colour falls back', () => {
    expect(sliderLook({ ...base, background_color: '#f5f0e6' }, 'G')).toEqual({ background: '#f5f0e6', foreground: '#111111', overlay: 0 });
    expect(sliderLook({ ...base, background_color: 'red' }, 'G').background).toBe('#24213a');
  });

  it("puts an image over the colour and the theme's gradient under the overlay, with white text once it is dark enough", () => {
    const image = sliderLook({ ...base, background_type: 'image', background_image_url: '/media/a b.jpg', background_overlay_opacity: 40 }, 'G');
    expect(image).toEqual({ background: 'url("/media/a b.jpg") center / cover no-repeat, #24213a', foreground: '#ffffff', overlay: 0.4 });
    expect(sliderLook({ ...base, background_type: 'gradient', background_overlay_opacity: 0 }, 'linear-gradient(red, blue)')).toEqual({ background: 'linear-gradient(red, blue)', foreground: '#ffffff', overlay: 0 });
  });
});
