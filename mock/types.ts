/**
 * Records of the mock legacy API's in-memory state. Field names follow the legacy wire format
 * (snake_case) wherever a record maps one to one onto a response, so the views stay thin.
 */
export type Locale = "es" | "en";

export type ContentTypeKey =
  "video" | "image" | "pdf_reading" | "pdf_with_form" | "elearning" | "external_link" | "audio" | "parent_activity";

export type LinkDesk = "VIDEO" | "PODCAST" | "ARTICULO" | "EBOOK" | "LIBRO" | "E-LEARNING" | "CURSO";

export type ProgressType = "ACTIVITY" | "ACTIVITY_MODULE";

/** A file served at `/storage/<folder><name>`; `folder` ends with a slash. */
export interface StoredFile {
  folder: string;
  name: string;
}

export interface ExternalLink {
  link: string;
  link_desk: LinkDesk;
  link_target: "_blank" | "_self";
}

export interface ActivityModule {
  id: number;
  key: string;
  name: string;
}

export interface ActivityRecord {
  id: number;
  title: string;
  description: string;
  content_type: ContentTypeKey;
  /** Minutes. */
  duration: number;
  points: number;
  section_id: number;
  cover: StoredFile | null;
  /** The file to play; for `elearning` the SCORM package's launch file. */
  media: StoredFile | null;
  content: ExternalLink | null;
  parent_id: number | null;
  modules: ActivityModule[];
  is_escape_room: boolean;
  views: number;
  created_at: string;
}

export interface CourseRecord {
  id: number;
  name: string;
  description: string;
  active: boolean;
  show_label: boolean;
  enterprise: string;
  cover: StoredFile | null;
  activities: ActivityRecord[];
}

export interface RouteRecord {
  id: number;
  slug: string;
  name: string;
  level: number;
  short_description: string;
  description: string;
  active: boolean;
  cover: StoredFile | null;
  courses: CourseRecord[];
}

export interface Showcase {
  title: string;
  course_ids: number[];
}

export interface AcademyRecord {
  id: number;
  name: string;
  description: string;
  cover: StoredFile | null;
  /** Courses shown only in the academy showcases (simulators, video tips), not in any route. */
  courses: CourseRecord[];
  emulators: Showcase;
  learning_route: Showcase;
  video_tips: Showcase;
}

export interface SharedResourceRecord {
  id: number;
  shared_by: number;
  material_type: number;
  date: string;
  comment: string | null;
  activity: ActivityRecord;
  created_at: string;
}

export interface Named {
  id: number;
  name: string;
}

export interface CertificateRecord {
  id: number;
  certificate: string;
  certificate_type: "CERTIFICATE" | "COURSE";
  institution: string;
  expedition_date: string;
  credential_id: string | null;
  credential_url: string | null;
  file: StoredFile | null;
}

export interface UniversityChoice {
  university_id: number | null;
  university_name: string;
  university_acronym: string;
  degree: string;
}

export interface UserLanguageRecord {
  language_id: number;
  proficiency: string;
}

export interface VrRecord {
  initiated: string | null;
  finalized: string | null;
  last_seen: string | null;
  number_of_attemps: number;
  /** Seconds. */
  task_duration: number;
}

export interface UserBadgeRecord {
  id: number;
  badge_id: number;
  seen: boolean;
  created_at: string;
}

export interface UserRecord {
  id: number;
  user: string;
  email: string;
  password: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  full_name: string;
  nickname: string;
  profile: string;
  /** `validate` null means the photo waits for validation. */
  photo: { file: StoredFile; validate: boolean | null } | null;
  work_position_id: number;
  is_leader: boolean;
  points: number;
  certificates: CertificateRecord[];
  university: UniversityChoice | null;
  languages: UserLanguageRecord[];
  experience_vr: VrRecord | null;
  vr_pin: number[];
  team_ids: number[];
  topic_ids: number[];
  content_type_ids: number[];
  badges: UserBadgeRecord[];
  created_at: string;
}

export interface ProgressRecord {
  id: number;
  user_id: number;
  training_activity_id: number;
  training_activity_module_id: number | null;
  progress_type: ProgressType;
  progress: number;
  user_data: string | null;
  initiated: string;
  finalized: string | null;
  first_attempt: string;
  /** Minutes. */
  task_duration: number;
  points: number;
  updated_at: string;
}

export interface NotificationRecord {
  id: number;
  user_id: number;
  title: string;
  short_description: string;
  body: string;
  date: string;
  seen: boolean;
  deleted: boolean;
}

export interface NewsRecord {
  id: number;
  key: string;
  title: string;
  body: string;
  category: string;
  image: StoredFile | null;
  video: StoredFile | null;
  created_at: string;
}

export interface UserNewsRecord {
  id: number;
  user_id: number;
  news_id: number;
  viewed_at: string | null;
}

export interface BadgeRecord {
  id: number;
  key: BadgeKey;
  name: string;
  description: string;
  image: StoredFile;
}

export type BadgeKey = "first_activity" | "five_activities" | "initial_route" | "escape_room" | "perfect_trivia" | "top_ten";

export interface TriviaQuestionRecord {
  id: number;
  question: string;
  options: Array<{ id: number; option: string }>;
  correct_option_id: number;
}

export interface TriviaGameRecord {
  id: number;
  title: string;
  description: string;
  points_per_answer: number;
  cover: StoredFile | null;
  questions: TriviaQuestionRecord[];
}

export interface TriviaResultRecord {
  id: number;
  user_id: number;
  trivia_game_id: number;
  correct: number;
  total: number;
  best_correct: number;
  played_at: string;
}

export interface DiagnosisQuestionRecord {
  id: number;
  statement: string;
  options: Array<{ id: number; option: string }>;
  /** The legacy API sends some option lists as JSON text (spec §3). */
  options_as_json_text: boolean;
}

export interface DiagnosisRecord {
  id: number;
  name: string;
  questionnaire: { id: number; name: string; questions: DiagnosisQuestionRecord[] };
}

export interface UserDiagnosisRecord {
  id: number;
  user_id: number;
  diagnosis_id: number;
  answers: Array<{ question_id: number; answer: number }>;
  created_at: string;
}

export interface FaqCategoryRecord {
  id: number;
  name: string;
  faqs: Array<{ id: number; name: string; content: string }>;
}

export interface SupportCategoryRecord {
  id: number;
  name: string;
  sub_categories: Named[];
}

export interface SupportRecord {
  id: number;
  user_id: number;
  subject: string;
  app_section: string;
  your_device: string;
  comment: string;
  support_category_id: number;
  support_sub_category_id: number;
  status: string;
  created_at: string;
}

export interface SuggestionRecord {
  id: number;
  user_id: number;
  suggestion_category_id: number;
  content: string;
  created_at: string;
}

export interface ContactMessageRecord {
  id: number;
  name: string;
  phone: string;
  email: string;
  comment: string;
  created_at: string;
}

export interface RecoveryTokenRecord {
  token: string;
  user_id: number;
  email: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  token: string;
  link_path: string;
  created_at: string;
}

export interface UploadRecord {
  bytes: Uint8Array;
  content_type: string;
}

export interface LanguageRecord {
  id: number;
  name: { es: string; en: string };
  native_name: string;
  iso_code: Locale;
  default_language: boolean;
}

export interface UniversityRecord {
  id: number;
  name: string;
  acronym: string;
}

export interface CoverItem {
  id: number;
  name: string;
  cover: StoredFile;
}

/** The catalogues: reference data that no endpoint changes. */
export interface Catalogue {
  languages: LanguageRecord[];
  proficiency_levels: string[];
  work_positions: Named[];
  universities: UniversityRecord[];
  training_topics: CoverItem[];
  training_type_contents: CoverItem[];
  course_sections: Named[];
  support_categories: SupportCategoryRecord[];
  suggestion_categories: Named[];
  faq_categories: FaqCategoryRecord[];
  badges: BadgeRecord[];
  trivia_games: TriviaGameRecord[];
  diagnosis: DiagnosisRecord;
  news: NewsRecord[];
}

export interface MockState {
  catalogue: Catalogue;
  routes: RouteRecord[];
  academy: AcademyRecord;
  shared_resources: SharedResourceRecord[];
  users: UserRecord[];
  progress: ProgressRecord[];
  notifications: NotificationRecord[];
  user_news: UserNewsRecord[];
  trivia_results: TriviaResultRecord[];
  user_diagnoses: UserDiagnosisRecord[];
  supports: SupportRecord[];
  suggestions: SuggestionRecord[];
  contact_messages: ContactMessageRecord[];
  /** Access token → user id. */
  sessions: Map<string, number>;
  recovery_tokens: Map<string, RecoveryTokenRecord>;
  outbox: OutboxMessage[];
  /** In-memory uploads served at `/storage/uploads/<name>`. */
  uploads: Map<string, UploadRecord>;
  /** Files a test gave an activity (`/__mock/activity-file`: a PDF, a package's page, manifest, script or style sheet), served at `/storage/test-media/<name>`. */
  test_media: Map<string, Uint8Array>;
}
