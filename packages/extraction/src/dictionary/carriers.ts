/**
 * Shipping lines and airlines. `names` are matched case-insensitively as whole words; `exactCase` names
 * (short acronyms that are also ordinary words, like ONE) only when written in capitals.
 */
export interface CarrierDefinition {
  name: string;
  names: readonly string[];
  exactCase?: readonly string[];
  kind: 'ocean' | 'air';
}

const ocean = (name: string, names: string[], exactCase: string[] = []): CarrierDefinition => ({
  name,
  names,
  exactCase,
  kind: 'ocean',
});
const air = (name: string, names: string[], exactCase: string[] = []): CarrierDefinition => ({
  name,
  names,
  exactCase,
  kind: 'air',
});

export const CARRIERS: readonly CarrierDefinition[] = [
  ocean('MSC', ['Mediterranean Shipping Company'], ['MSC']),
  ocean('Maersk', ['Maersk', 'Maersk Line', 'Mærsk', 'Sealand', 'Sea Land']),
  // "CMA" alone, in capitals: how replies often shorten CMA CGM ("Opção 2: CMA USD 42/W/M").
  ocean('CMA CGM', ['CMA CGM', 'CMA-CGM', 'CMACGM'], ['CMA']),
  ocean('COSCO', ['COSCO', 'Cosco Shipping']),
  ocean('Hapag-Lloyd', ['Hapag-Lloyd', 'Hapag Lloyd', 'Hapag']),
  ocean('Evergreen', ['Evergreen', 'Evergreen Line']),
  ocean('ONE', ['Ocean Network Express'], ['ONE']),
  ocean('HMM', ['Hyundai Merchant Marine'], ['HMM']),
  ocean('Yang Ming', ['Yang Ming', 'YangMing']),
  ocean('ZIM', [], ['ZIM', 'Zim']),
  ocean('OOCL', ['OOCL']),
  ocean('PIL', ['Pacific International Lines'], ['PIL']),
  ocean('Wan Hai', ['Wan Hai']),
  ocean('Hamburg Süd', ['Hamburg Süd', 'Hamburg Sud', 'Hamburg Sued']),
  ocean('APL', [], ['APL']),
  ocean('ANL', [], ['ANL']),
  ocean('Log-In Logística', ['Log-In', 'Login Logistica']),
  ocean('Aliança', ['Aliança', 'Alianca']),
  ocean('Grimaldi', ['Grimaldi']),
  ocean('Wallenius Wilhelmsen', ['Wallenius Wilhelmsen']),
  ocean('KMTC', ['KMTC']),
  ocean('SITC', ['SITC']),
  ocean('TS Lines', ['TS Lines']),
  ocean('X-Press Feeders', ['X-Press Feeders']),
  air('Lufthansa Cargo', ['Lufthansa Cargo', 'Lufthansa']),
  air('LATAM Cargo', ['LATAM Cargo', 'LATAM']),
  air('Emirates SkyCargo', ['Emirates SkyCargo', 'Emirates']),
  // "Turkish" alone ("Opção 2: Turkish USD 3,60/kg"), capitalised as the airline's name is written.
  air('Turkish Cargo', ['Turkish Cargo', 'Turkish Airlines'], ['Turkish']),
  air('Qatar Airways Cargo', ['Qatar Airways Cargo', 'Qatar Airways', 'Qatar Cargo']),
  air('Air France KLM Cargo', ['Air France KLM', 'Air France', 'KLM']),
  air('American Airlines Cargo', ['American Airlines']),
  air('United Cargo', ['United Airlines', 'United Cargo']),
  air('Delta Cargo', ['Delta Cargo']),
  air('Cathay Cargo', ['Cathay Pacific', 'Cathay Cargo']),
  air('Ethiopian Cargo', ['Ethiopian Airlines', 'Ethiopian Cargo', 'Ethiopian']),
  air('Avianca Cargo', ['Avianca Cargo', 'Avianca']),
  air('Azul Cargo', ['Azul Cargo']),
  air('Etihad Cargo', ['Etihad Cargo', 'Etihad']),
  air('Singapore Airlines Cargo', ['Singapore Airlines']),
  air('Korean Air Cargo', ['Korean Air']),
  air('China Airlines Cargo', ['China Airlines']),
  air('China Southern Cargo', ['China Southern']),
  air('China Eastern Cargo', ['China Eastern']),
  air('Air China Cargo', ['Air China']),
  air('Iberia Cargo', ['Iberia Cargo', 'IAG Cargo', 'Iberia']),
  air('TAP Cargo', ['TAP Cargo', 'TAP Air Portugal']),
  air('Swiss WorldCargo', ['Swiss WorldCargo', 'Swiss International']),
  air('Cargolux', ['Cargolux']),
  air('Atlas Air', ['Atlas Air']),
  air('Copa Cargo', ['Copa Airlines', 'Copa Cargo']),
  air('Aerolíneas Argentinas', ['Aerolineas Argentinas', 'Aerolíneas Argentinas']),
];
