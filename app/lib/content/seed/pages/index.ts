import type { SeedPage } from "../types";
import { clickCollectArticle } from "./articles/click-collect-guide";
import { instagramArticle } from "./articles/instagram-local";
import { salonBookingArticle } from "./articles/salon-booking";
import { blogPage } from "./blog";
import { bookingPage } from "./booking";
import { clickCollectPage } from "./click-collect";
import { contactPage } from "./contact";
import { homePage } from "./home";
import { legalPage } from "./legal";
import { offersPage } from "./offers";
import { partnersPage } from "./partners";
import { privacyPage } from "./privacy";
import { recruitmentPage } from "./recruitment";
import { socialPage } from "./social";
import { websitePage } from "./website";

/** Every public page of the first start: the 11 system pages of the route table, then the blog articles. */
export const SEED_PAGES: SeedPage[] = [
  homePage,
  blogPage,
  bookingPage,
  websitePage,
  socialPage,
  clickCollectPage,
  offersPage,
  partnersPage,
  recruitmentPage,
  legalPage,
  privacyPage,
  contactPage,
  salonBookingArticle,
  clickCollectArticle,
  instagramArticle,
];
