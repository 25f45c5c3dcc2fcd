/** The statistics API as both sides see it (app/routes/api/analytics*.ts, consents.ts, visitor-info.ts answer these; the panel reads them). */
export interface DailyViewsPoint {
  day: string;
  views: number;
}

export interface AnalyticsData {
  ga: { activeUsers: number; topPages: { path: string; views: number }[] };
  days: number;
  daily: DailyViewsPoint[];
}

export interface ConsentsData {
  consents: { ip_address: string; accepted: boolean; created_at: string }[];
}

export interface VisitorData {
  ip: string;
  geo: { country_name: string | null; city: string | null; org: string | null } | null;
}
