import type { GuideSeed } from '../seed-types';
import { coteDivoireGuides } from './cote-divoire';
import { departureKitGuides } from './departure-kit';
import { marocGuides } from './maroc';
import { senegalGuides } from './senegal';

/** The demo catalogue: 7 French and 6 English active guides, plus one French guide kept offline. */
export const DEMO_GUIDES: readonly GuideSeed[] = [
  ...senegalGuides,
  ...coteDivoireGuides,
  ...marocGuides,
  ...departureKitGuides,
];
