/**
 * The initial plan catalogue. Seeded once; operators change it from the admin panel
 * afterwards, so runtime code reads the database, never these constants.
 */
import type { FeatureKey } from "./features";

export interface LanguageTierSeed {
  id: string;
  description: string;
  languages: Record<string, string>;
}

// Codes are ISO 639-1 (ISO 639-2 where no two-letter code exists: haw). All 97 are
// languages whisper.cpp models transcribe.
export const LANGUAGE_TIER_SEED: LanguageTierSeed[] = [
  {
    id: "core",
    description: "Core languages, on every plan",
    languages: {
      en: "English", es: "Spanish", fr: "French", de: "German", it: "Italian",
      pt: "Portuguese", nl: "Dutch", zh: "Chinese", ja: "Japanese", ko: "Korean",
    },
  },
  {
    id: "extended",
    description: "Widely spoken languages of Europe, Asia and the Middle East",
    languages: {
      ru: "Russian", ar: "Arabic", hi: "Hindi", tr: "Turkish", pl: "Polish",
      sv: "Swedish", da: "Danish", no: "Norwegian", fi: "Finnish", cs: "Czech",
      el: "Greek", he: "Hebrew", hu: "Hungarian", id: "Indonesian", ms: "Malay",
      ro: "Romanian", uk: "Ukrainian", vi: "Vietnamese", th: "Thai", ca: "Catalan",
      bg: "Bulgarian", hr: "Croatian", sk: "Slovak",
    },
  },
  {
    id: "global",
    description: "Regional and less widely spoken languages",
    languages: {
      ta: "Tamil", ur: "Urdu", lt: "Lithuanian", mi: "Maori", ml: "Malayalam",
      cy: "Welsh", te: "Telugu", fa: "Persian", lv: "Latvian", bn: "Bengali",
      sr: "Serbian", az: "Azerbaijani", sl: "Slovenian", kn: "Kannada", et: "Estonian",
      mk: "Macedonian", br: "Breton", eu: "Basque", is: "Icelandic", hy: "Armenian",
      ne: "Nepali", mn: "Mongolian", bs: "Bosnian", kk: "Kazakh", sq: "Albanian",
      sw: "Swahili", gl: "Galician", mr: "Marathi", pa: "Punjabi", si: "Sinhala",
      km: "Khmer", sn: "Shona", yo: "Yoruba", so: "Somali", af: "Afrikaans",
      oc: "Occitan", ka: "Georgian", be: "Belarusian", tg: "Tajik", sd: "Sindhi",
      gu: "Gujarati", am: "Amharic", yi: "Yiddish", lo: "Lao", uz: "Uzbek",
      fo: "Faroese", ht: "Haitian Creole", ps: "Pashto", tk: "Turkmen", nn: "Norwegian Nynorsk",
      mt: "Maltese", lb: "Luxembourgish", my: "Burmese", bo: "Tibetan", tl: "Tagalog",
      mg: "Malagasy", as: "Assamese", tt: "Tatar", haw: "Hawaiian", ln: "Lingala",
      ha: "Hausa", ba: "Bashkir", jv: "Javanese", su: "Sundanese",
    },
  },
];

export interface PlanSeed {
  id: string;
  name: string;
  description: string;
  priceMonthly: number;
  priceAnnual: number;
  hoursPerMonth: number | null;
  features: FeatureKey[];
  excludedFeatures: FeatureKey[];
  languageTiers: string[];
  isPopular: boolean;
  checkoutEnabled: boolean;
  sortOrder: number;
  /** the plan of users without a subscription; exactly one seed has it */
  isDefault: boolean;
  /** tier order of the plan-change rules: up is checkout, down a downgrade at period end */
  rank: number;
  inOnboardingModal: boolean;
  /** the price and the hours are per seat; a subscription buys seats (workspace members) */
  perSeat: boolean;
}

export const PLAN_SEED: PlanSeed[] = [
  {
    id: "free",
    name: "Free",
    description: "Try Verbatim on short recordings.",
    priceMonthly: 0,
    priceAnnual: 0,
    hoursPerMonth: 3,
    features: ["real_time_transcription", "in_app_editing", "export_txt"],
    excludedFeatures: [
      "record_tab_mic",
      "ai_enhancement",
      "export_markdown_pdf",
      "priority_transcription_queue",
      "advanced_ai_formatting",
    ],
    languageTiers: ["core"],
    isPopular: false,
    checkoutEnabled: false,
    sortOrder: 0,
    isDefault: true,
    rank: 0,
    inOnboardingModal: false,
    perSeat: false,
  },
  {
    id: "pro",
    name: "Pro",
    description: "For regular meetings, interviews and lectures.",
    priceMonthly: 15,
    priceAnnual: 144,
    hoursPerMonth: 16,
    features: [
      "everything_in_free",
      "record_tab_mic",
      "ai_enhancement",
      "ai_enhanced_formatting",
      "export_markdown_pdf",
    ],
    excludedFeatures: [
      "priority_transcription_queue",
      "advanced_ai_formatting",
      "custom_transcription_styles",
      "priority_support",
    ],
    languageTiers: ["core", "extended"],
    isPopular: true,
    checkoutEnabled: true,
    sortOrder: 1,
    isDefault: false,
    rank: 1,
    inOnboardingModal: true,
    perSeat: false,
  },
  {
    id: "premium",
    name: "Premium",
    description: "For professionals who transcribe every day.",
    priceMonthly: 30,
    priceAnnual: 288,
    hoursPerMonth: 50,
    features: [
      "everything_in_pro",
      "priority_transcription_queue",
      "advanced_ai_formatting",
      "custom_transcription_styles",
      "priority_support",
      "usage_dashboard",
    ],
    excludedFeatures: ["sla_support", "team_management", "on_prem_options"],
    languageTiers: ["core", "extended", "global"],
    isPopular: false,
    checkoutEnabled: true,
    sortOrder: 2,
    isDefault: false,
    rank: 2,
    inOnboardingModal: true,
    perSeat: false,
  },
  {
    // Sold by checkout, unlike Enterprise (a contract label): a team buys seats itself, and
    // each seat brings its own hours, which the whole workspace shares (lib/billing/payer.ts).
    id: "team",
    name: "Team",
    description: "Premium for a team: shared workspaces, hours pooled across every seat.",
    priceMonthly: 20,
    priceAnnual: 192,
    hoursPerMonth: 40,
    features: ["everything_in_premium", "team_management"],
    excludedFeatures: ["sla_support", "on_prem_options"],
    languageTiers: ["core", "extended", "global"],
    isPopular: false,
    checkoutEnabled: true,
    sortOrder: 3,
    isDefault: false,
    rank: 3,
    // Offered in the change-plan dialog beside Pro and Premium: that is where a team buys it.
    inOnboardingModal: true,
    perSeat: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "Teams, SLAs and on-premises deployment. Contact us.",
    priceMonthly: 0,
    priceAnnual: 0,
    hoursPerMonth: null,
    features: ["everything_in_premium", "sla_support", "team_management", "on_prem_options"],
    excludedFeatures: [],
    languageTiers: ["core", "extended", "global"],
    isPopular: false,
    checkoutEnabled: false,
    sortOrder: 4,
    isDefault: false,
    rank: 4,
    inOnboardingModal: false,
    perSeat: false,
  },
];
