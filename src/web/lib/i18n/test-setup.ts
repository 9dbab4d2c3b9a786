// Unit tests run web modules without the lazy screens that bring the rest of the English words
// (withScreenWords): load them up front, as a screen would.
import enScreens from './catalogues/en.screens.json';
import enLanding from './catalogues/en.landing.json';
import { i18n } from './i18n';

i18n.load('en', { ...enScreens, ...enLanding });
