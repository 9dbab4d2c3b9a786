// The five templates every business starts with, named in each supported language. They live in
// code, not in the database: a built-in template is copied, never changed.
import type { Locale } from '../preferences.js';
import type { AreaRepeat, Template } from '../contract/templates.js';

interface BuiltInArea {
  key: string;
  name: Record<Locale, string>;
  minBefore: number;
  minAfter: number;
  repeat: AreaRepeat;
}
interface BuiltInTemplate {
  id: string;
  name: Record<Locale, string>;
  areas: BuiltInArea[];
}

const area = (key: string, en: string, es: string, minBefore = 1, minAfter = 1, repeat: AreaRepeat = null): BuiltInArea => ({
  key,
  name: { en, es },
  minBefore,
  minAfter,
  repeat,
});

const entrance = area('entrance', 'Entrance', 'Entrada');
const living = area('living-room', 'Living room', 'Sala de estar');
const kitchen = area('kitchen', 'Kitchen', 'Cocina');
const bedroom = area('bedroom', 'Bedroom', 'Dormitorio', 1, 1, 'bedrooms');
const bathroom = area('bathroom', 'Bathroom', 'Baño', 1, 1, 'bathrooms');

const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'standard-clean',
    name: { en: 'Standard clean', es: 'Limpieza estándar' },
    areas: [entrance, living, kitchen, bedroom, bathroom],
  },
  {
    id: 'deep-clean',
    name: { en: 'Deep clean', es: 'Limpieza profunda' },
    areas: [
      entrance,
      living,
      area('dining-area', 'Dining area', 'Comedor'),
      area('kitchen', 'Kitchen', 'Cocina', 2, 2),
      area('oven', 'Inside the oven', 'Interior del horno'),
      area('fridge', 'Inside the fridge', 'Interior del frigorífico'),
      bedroom,
      area('bathroom', 'Bathroom', 'Baño', 2, 2, 'bathrooms'),
      area('baseboards-windows', 'Baseboards and windows', 'Zócalos y ventanas'),
    ],
  },
  {
    id: 'move-in-out',
    name: { en: 'Move-in / move-out', es: 'Entrada / salida de inquilinos' },
    areas: [
      entrance,
      living,
      kitchen,
      area('cabinets', 'Inside the cabinets', 'Interior de los armarios de cocina'),
      area('oven', 'Inside the oven', 'Interior del horno'),
      area('fridge', 'Inside the fridge', 'Interior del frigorífico'),
      bedroom,
      area('closets', 'Closets', 'Armarios empotrados'),
      bathroom,
      area('laundry', 'Laundry area', 'Lavadero'),
      area('storage', 'Storage or garage', 'Trastero o garaje'),
    ],
  },
  {
    id: 'vacation-rental',
    name: { en: 'Vacation-rental turnover', es: 'Cambio de huéspedes (alquiler vacacional)' },
    areas: [
      entrance,
      living,
      kitchen,
      bedroom,
      bathroom,
      area('linens', 'Beds made and linens', 'Camas hechas y ropa de cama', 0, 1),
      area('outdoor', 'Balcony or patio', 'Balcón o terraza', 0, 1),
    ],
  },
  {
    id: 'office',
    name: { en: 'Office', es: 'Oficina' },
    areas: [
      area('reception', 'Reception', 'Recepción'),
      area('workspace', 'Open workspace', 'Zona de trabajo'),
      area('meeting-room', 'Meeting room', 'Sala de reuniones'),
      area('kitchenette', 'Kitchenette', 'Office / cocina'),
      area('restrooms', 'Restrooms', 'Aseos'),
      area('waste', 'Trash and recycling', 'Basura y reciclaje', 0, 1),
    ],
  },
];

/** The built-in templates in one language. */
export function builtInTemplates(locale: Locale): Template[] {
  return BUILT_IN_TEMPLATES.map((template) => localise(template, locale));
}

/** One built-in template in one language, or null when no built-in one has this id. */
export function findBuiltInTemplate(id: string, locale: Locale): Template | null {
  const template = BUILT_IN_TEMPLATES.find((candidate) => candidate.id === id);
  return template ? localise(template, locale) : null;
}

function localise(template: BuiltInTemplate, locale: Locale): Template {
  return {
    id: template.id,
    name: template.name[locale],
    builtIn: true,
    areas: template.areas.map((entry) => ({
      key: entry.key,
      name: entry.name[locale],
      minBefore: entry.minBefore,
      minAfter: entry.minAfter,
      repeat: entry.repeat,
    })),
  };
}
