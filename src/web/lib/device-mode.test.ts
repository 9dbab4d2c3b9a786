import { describe, expect, it } from 'vitest';
import { chooseDeviceMode } from './device-mode';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('chooseDeviceMode (spec §4)', () => {
  it('puts a touch device narrower than 1024 px in camera mode, whatever its user agent', () => {
    expect(chooseDeviceMode({ hasTouch: true, viewportWidth: 1023, userAgent: DESKTOP_CHROME }).initialMode).toBe('camera');
    expect(chooseDeviceMode({ hasTouch: true, viewportWidth: 390, userAgent: DESKTOP_CHROME }).initialMode).toBe('camera');
  });

  it('puts a mobile user agent in camera mode even on a wide viewport or without touch', () => {
    expect(chooseDeviceMode({ hasTouch: false, viewportWidth: 1280, userAgent: IPHONE }).initialMode).toBe('camera');
    expect(chooseDeviceMode({ hasTouch: false, viewportWidth: 1280, userAgent: PIXEL }).initialMode).toBe('camera');
  });

  it('gives a desktop without touch upload mode only', () => {
    expect(chooseDeviceMode({ hasTouch: false, viewportWidth: 800, userAgent: DESKTOP_CHROME })).toEqual({ initialMode: 'upload', availableModes: ['upload'] });
    expect(chooseDeviceMode({ hasTouch: false, viewportWidth: 1280, userAgent: DESKTOP_CHROME })).toEqual({
      initialMode: 'upload',
      availableModes: ['upload'],
    });
  });

  it('gives a touch device 1024 px or wider upload mode plus the camera option', () => {
    expect(chooseDeviceMode({ hasTouch: true, viewportWidth: 1024, userAgent: DESKTOP_CHROME })).toEqual({
      initialMode: 'upload',
      availableModes: ['upload', 'camera'],
    });
  });

  it('gives tablets upload mode plus the camera option', () => {
    expect(chooseDeviceMode({ hasTouch: true, viewportWidth: 1180, userAgent: IPAD })).toEqual({ initialMode: 'upload', availableModes: ['upload', 'camera'] });
    expect(chooseDeviceMode({ hasTouch: false, viewportWidth: 1280, userAgent: ANDROID_TABLET })).toEqual({
      initialMode: 'upload',
      availableModes: ['upload', 'camera'],
    });
  });

  it('lets a phone in camera mode switch to upload', () => {
    expect(chooseDeviceMode({ hasTouch: true, viewportWidth: 390, userAgent: PIXEL }).availableModes).toEqual(['camera', 'upload']);
  });
});
