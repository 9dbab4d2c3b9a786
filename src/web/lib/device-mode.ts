// spec §4 device mode: touch devices narrower than 1024 px, or mobile user agents, use camera
// mode; others use upload mode. Tablets get upload mode and also the camera option.

export type PhotoInputMode = 'camera' | 'upload';

export interface DeviceTraits {
  hasTouch: boolean;
  viewportWidth: number;
  userAgent: string;
}

export interface DeviceModeChoice {
  /** The mode the Add Photos card opens in. */
  initialMode: PhotoInputMode;
  /** Modes the user can switch between (the first is the initial one). */
  availableModes: PhotoInputMode[];
}

export const CAMERA_MODE_MAX_WIDTH = 1024;

const MOBILE_UA = /iPhone|iPod|Android.+Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobi/i;
const TABLET_UA = /iPad|Tablet|Android(?!.*Mobile)|Silk|Kindle|PlayBook/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

export function isTabletUserAgent(userAgent: string): boolean {
  return TABLET_UA.test(userAgent) && !isMobileUserAgent(userAgent);
}

export function chooseDeviceMode({ hasTouch, viewportWidth, userAgent }: DeviceTraits): DeviceModeChoice {
  // Phones: camera first; the gallery stays one tap away (a photo taken earlier still counts).
  if ((hasTouch && viewportWidth < CAMERA_MODE_MAX_WIDTH) || isMobileUserAgent(userAgent))
    return { initialMode: 'camera', availableModes: ['camera', 'upload'] };
  // Tablets (and wide touch screens): upload mode plus the camera option.
  if (hasTouch || isTabletUserAgent(userAgent)) return { initialMode: 'upload', availableModes: ['upload', 'camera'] };
  return { initialMode: 'upload', availableModes: ['upload'] };
}

/** spec §4's phone rule (camera mode first): also decides whether a PDF goes to the share sheet. */
export function isPhone(traits: DeviceTraits = readDeviceTraits()): boolean {
  return chooseDeviceMode(traits).initialMode === 'camera';
}

/** Reads the traits from the running browser. */
export function readDeviceTraits(): DeviceTraits {
  return {
    hasTouch: navigator.maxTouchPoints > 0 || 'ontouchstart' in window || window.matchMedia('(pointer: coarse)').matches,
    viewportWidth: window.innerWidth,
    userAgent: navigator.userAgent,
  };
}
