import { files } from "./seed-files";
import type {
  AcademyRecord,
  ActivityModule,
  ActivityRecord,
  ContentTypeKey,
  CourseRecord,
  ExternalLink,
  LinkDesk,
  RouteRecord,
  SharedResourceRecord,
  StoredFile,
} from "./types";

/** Days ago → ISO date-time, fixed when the seed is built. */
export type At = (daysAgo: number, hoursAgo?: number) => string;

const ENTERPRISE = "Academia de Auditoría Interna";

const SECTION = { main: 1, extra: 2, evaluation: 3 } as const;

const defaultMedia: Partial<Record<ContentTypeKey, StoredFile>> = {
  video: files.welcomeVideo,
  image: files.infographic,
  pdf_reading: files.guidePdf,
  pdf_with_form: files.guidePdf,
  audio: files.podcast,
  elearning: files.scorm,
};

interface ActivitySpec {
  id: number;
  type: ContentTypeKey;
  title: string;
  description: string;
  duration: number;
  points: number;
  /** Days since it was published. */
  age: number;
  views?: number;
  section?: number;
  cover?: StoredFile;
  link?: ExternalLink;
  parentId?: number;
  modules?: ActivityModule[];
  escapeRoom?: boolean;
  /** A package other than the type's default file. */
  media?: StoredFile;
}

function activity(spec: ActivitySpec, at: At): ActivityRecord {
  return {
    id: spec.id,
    title: spec.title,
    description: spec.description,
    content_type: spec.type,
    duration: spec.duration,
    points: spec.points,
    section_id: spec.section ?? SECTION.main,
    cover: spec.cover ?? files.coverAuditoria,
    media: spec.media ?? defaultMedia[spec.type] ?? null,
    content: spec.link ?? null,
    parent_id: spec.parentId ?? null,
    modules: spec.modules ?? [],
    is_escape_room: spec.escapeRoom ?? false,
    views: spec.views ?? 0,
    created_at: at(spec.age),
  };
}

const link = (url: string, desk: LinkDesk): ExternalLink => ({ link: url, link_desk: desk, link_target: "_blank" });

const scormModules = (firstId: number): ActivityModule[] =>
  [1, 2, 3].map((page) => ({ id: firstId + page - 1, key: `pagina-${page}`, name: `Página ${page}` }));

function course(
  id: number,
  name: string,
  description: string,
  activities: ActivityRecord[],
  options: { active?: boolean; showLabel?: boolean; cover?: StoredFile } = {},
): CourseRecord {
  return {
    id,
    name,
    description,
    active: options.active ?? true,
    show_label: options.showLabel ?? true,
    enterprise: ENTERPRISE,
    cover: options.cover ?? files.coverAuditoria,
    activities,
  };
}

function initialRoute(at: At): RouteRecord {
  const a = (spec: ActivitySpec) => activity(spec, at);
  return {
    id: 1,
    slug: "formacion-inicial",
    name: "Formación Inicial",
    level: 1,
    short_description: "Nivel 1",
    description: "Los fundamentos que todo auditor interno necesita desde el primer día.",
    active: true,
    cover: files.coverAuditoria,
    courses: [
      course(11, "Fundamentos de la auditoría interna", "Qué hace la auditoría interna y cómo agrega valor.", [
        a({
          id: 101,
          type: "video",
          title: "Bienvenida a la auditoría interna",
          description: "Un recorrido breve por la función de auditoría interna.",
          duration: 2,
          points: 20,
          age: 120,
          views: 412,
        }),
        a({
          id: 102,
          type: "image",
          title: "Las tres líneas del control interno",
          description: "Infografía del modelo de las tres líneas.",
          duration: 1,
          points: 10,
          age: 118,
          views: 305,
        }),
        a({
          id: 103,
          type: "pdf_reading",
          title: "Guía de auditoría interna",
          description: "Lectura: definición, alcance y papeles de trabajo.",
          duration: 10,
          points: 20,
          age: 115,
          views: 288,
        }),
        a({
          id: 104,
          type: "audio",
          title: "Podcast: la voz del auditor",
          description: "Una conversación sobre el día a día de un auditor.",
          duration: 1,
          points: 15,
          age: 110,
          views: 120,
          section: SECTION.extra,
        }),
      ]),
      course(12, "Marco normativo y control interno", "Normas, marcos de control y su aplicación práctica.", [
        a({
          id: 105,
          type: "pdf_with_form",
          title: "Cuestionario de control interno",
          description: "Lee el documento y completa el cuestionario.",
          duration: 15,
          points: 25,
          age: 100,
          views: 198,
          section: SECTION.evaluation,
        }),
        a({
          id: 106,
          type: "elearning",
          title: "Introducción a la auditoría interna (eLearning)",
          description: "Curso interactivo de tres páginas.",
          duration: 10,
          points: 40,
          age: 95,
          views: 260,
          modules: scormModules(1001),
        }),
        a({
          id: 107,
          type: "external_link",
          title: "Normas Globales de Auditoría Interna",
          description: "Consulta las normas publicadas por el IIA.",
          duration: 20,
          points: 15,
          age: 90,
          views: 143,
          section: SECTION.extra,
          link: link("https://www.theiia.org/en/standards/", "ARTICULO"),
        }),
        a({
          id: 108,
          type: "parent_activity",
          title: "Repaso: bienvenida a la auditoría",
          description: "Vuelve a ver la bienvenida antes de la evaluación.",
          duration: 2,
          points: 10,
          age: 85,
          views: 64,
          parentId: 101,
        }),
      ]),
      course(
        13,
        "Escape Room: el caso del inventario",
        "Resuelve el caso aplicando lo aprendido en la ruta.",
        [
          a({
            id: 109,
            type: "elearning",
            title: "Escape Room: el caso del inventario",
            description: "Encuentra las diferencias de inventario antes de que termine el tiempo.",
            duration: 30,
            points: 100,
            age: 80,
            views: 97,
            escapeRoom: true,
            modules: scormModules(1101),
          }),
        ],
        { showLabel: false },
      ),
    ],
  };
}

function requiredRoute(at: At): RouteRecord {
  const a = (spec: ActivitySpec) => activity(spec, at);
  return {
    id: 2,
    slug: "formacion-requerida",
    name: "Formación Requerida",
    level: 2,
    short_description: "Nivel 2",
    description: "Riesgos, evidencia y papeles de trabajo para auditar con criterio.",
    active: true,
    cover: files.coverRiesgos,
    courses: [
      course(
        21,
        "Evaluación de riesgos",
        "Identifica, mide y prioriza riesgos.",
        [
          a({
            id: 201,
            type: "video",
            title: "Matriz de riesgos en 6 pasos",
            description: "Construye una matriz de riesgos paso a paso.",
            duration: 2,
            points: 20,
            age: 60,
            views: 350,
            cover: files.coverRiesgos,
          }),
          a({
            id: 202,
            type: "pdf_reading",
            title: "Metodología de evaluación de riesgos",
            description: "Lectura sobre impacto, probabilidad y apetito de riesgo.",
            duration: 12,
            points: 20,
            age: 58,
            views: 190,
            cover: files.coverRiesgos,
            media: files.methodologyPdf,
          }),
          a({
            id: 203,
            type: "elearning",
            title: "Taller de riesgos (eLearning)",
            description: "Practica la evaluación de riesgos de un proceso.",
            duration: 15,
            points: 40,
            age: 55,
            views: 175,
            cover: files.coverRiesgos,
            modules: scormModules(2001),
          }),
          a({
            id: 204,
            type: "external_link",
            title: "Video: muestreo en auditoría",
            description: "Un video externo sobre técnicas de muestreo.",
            duration: 10,
            points: 15,
            age: 50,
            views: 88,
            cover: files.coverRiesgos,
            section: SECTION.extra,
            link: link("https://www.youtube.com/watch?v=AuditInt001", "VIDEO"),
          }),
        ],
        { cover: files.coverRiesgos },
      ),
      course(22, "Papeles de trabajo", "Documenta la evidencia y los hallazgos.", [
        a({
          id: 205,
          type: "image",
          title: "Estructura de un hallazgo",
          description: "Condición, criterio, causa, efecto y recomendación.",
          duration: 1,
          points: 10,
          age: 45,
          views: 140,
        }),
        a({
          id: 206,
          type: "audio",
          title: "Podcast: entrevistas efectivas",
          description: "Consejos para entrevistar a los responsables de un proceso.",
          duration: 1,
          points: 15,
          age: 40,
          views: 71,
        }),
        a({
          id: 207,
          type: "pdf_with_form",
          title: "Plantilla de papel de trabajo",
          description: "Completa la plantilla con un caso de ejemplo.",
          duration: 20,
          points: 25,
          age: 35,
          views: 66,
          section: SECTION.evaluation,
        }),
      ]),
      course(24, "Muestreo estadístico", "Próximamente: muestreo por atributos y por variables.", []),
      course(
        25,
        "Escape Room: auditoría en la sucursal",
        "Aplica la evaluación de riesgos en una sucursal simulada.",
        [
          a({
            id: 209,
            type: "elearning",
            title: "Escape Room: auditoría en la sucursal",
            description: "Detecta los controles que fallan antes de que cierre la sucursal.",
            duration: 30,
            points: 100,
            age: 30,
            views: 41,
            escapeRoom: true,
            cover: files.coverRiesgos,
            modules: scormModules(2101),
          }),
        ],
        { showLabel: false, cover: files.coverRiesgos },
      ),
    ],
  };
}

function directedRoute(at: At): RouteRecord {
  const a = (spec: ActivitySpec) => activity(spec, at);
  return {
    id: 3,
    slug: "formacion-dirigida",
    name: "Formación Dirigida",
    level: 3,
    short_description: "Nivel 3",
    description: "Evaluación del líder y auditoría asignada en el negocio.",
    active: false,
    cover: files.coverAuditoria,
    courses: [
      course(31, "Evaluación del líder", "Tu líder evalúa lo aprendido en las rutas anteriores.", [
        a({
          id: 301,
          type: "pdf_with_form",
          title: "Evaluación del líder",
          description: "Formulario de evaluación que completa tu líder.",
          duration: 30,
          points: 50,
          age: 20,
          section: SECTION.evaluation,
        }),
      ]),
      course(32, "Auditoría asignada en el negocio", "Una auditoría real acompañada por tu líder.", [
        a({
          id: 302,
          type: "external_link",
          title: "Bitácora de auditoría asignada",
          description: "Registra los avances de tu auditoría asignada.",
          duration: 60,
          points: 80,
          age: 20,
          link: link("https://www.theiia.org/en/resources/", "CURSO"),
        }),
      ]),
    ],
  };
}

function specialisedRoute(at: At): RouteRecord {
  const a = (spec: ActivitySpec) => activity(spec, at);
  const cover = files.coverEspecializada;
  return {
    id: 4,
    slug: "formacion-especializada",
    name: "Formación Especializada",
    level: 4,
    short_description: "Nivel 4",
    description: "Fraude, analítica de datos y tecnologías de la información.",
    active: true,
    cover,
    courses: [
      course(
        41,
        "Auditoría forense",
        "Señales de alerta e investigación de fraudes.",
        [
          a({
            id: 401,
            type: "video",
            title: "Fraude ocupacional: señales de alerta",
            description: "Las señales que anticipan un fraude interno.",
            duration: 2,
            points: 20,
            age: 10,
            views: 230,
            cover,
          }),
          a({
            id: 402,
            type: "external_link",
            title: "Guía de investigación de fraudes",
            description: "Libro electrónico de la ACFE.",
            duration: 30,
            points: 20,
            age: 9,
            views: 54,
            cover,
            link: link("https://www.acfe.com/fraud-resources", "EBOOK"),
          }),
        ],
        { cover },
      ),
      course(
        42,
        "Auditoría continua y analítica de datos",
        "Automatiza pruebas y analiza poblaciones completas.",
        [
          a({
            id: 403,
            type: "elearning",
            title: "Analítica de datos para auditores",
            description: "Curso interactivo sobre pruebas analíticas.",
            duration: 15,
            points: 40,
            age: 7,
            views: 120,
            cover,
            modules: scormModules(4001),
          }),
          a({
            id: 404,
            type: "external_link",
            title: "Curso: auditoría continua",
            description: "Curso externo sobre monitoreo continuo de controles.",
            duration: 45,
            points: 30,
            age: 6,
            views: 33,
            cover,
            link: link("https://www.theiia.org/en/training/", "CURSO"),
          }),
          a({
            id: 405,
            type: "external_link",
            title: "Podcast: el auditor del futuro",
            description: "Episodio sobre analítica e inteligencia artificial en auditoría.",
            duration: 25,
            points: 15,
            age: 4,
            views: 47,
            cover,
            section: SECTION.extra,
            link: link("https://www.theiia.org/en/podcasts/", "PODCAST"),
          }),
          a({
            id: 406,
            type: "external_link",
            title: "Libro: auditoría interna basada en riesgos",
            description: "Referencia bibliográfica recomendada.",
            duration: 60,
            points: 15,
            age: 3,
            views: 12,
            cover,
            section: SECTION.extra,
            link: link("https://www.theiia.org/en/shop/", "LIBRO"),
          }),
        ],
        { cover },
      ),
      course(
        43,
        "Auditoría de tecnologías de la información",
        "Controles generales y de aplicación.",
        [
          a({
            id: 407,
            type: "external_link",
            title: "Controles generales de TI",
            description: "Curso sobre accesos, cambios y operaciones.",
            duration: 40,
            points: 30,
            age: 2,
            cover,
            link: link("https://www.isaca.org/", "CURSO"),
          }),
        ],
        { active: false, cover },
      ),
    ],
  };
}

export function seedRoutes(at: At): RouteRecord[] {
  return [initialRoute(at), requiredRoute(at), directedRoute(at), specialisedRoute(at)];
}

export function seedAcademy(at: At): AcademyRecord {
  const a = (spec: ActivitySpec) => activity(spec, at);
  return {
    id: 1,
    name: ENTERPRISE,
    description: "Formación continua para el equipo de auditoría interna.",
    cover: files.coverAuditoria,
    courses: [
      course(51, "Simuladores de auditoría", "Practica con casos simulados.", [
        a({
          id: 501,
          type: "elearning",
          title: "Simulador: arqueo de caja",
          description: "Realiza un arqueo de caja sorpresa.",
          duration: 10,
          points: 30,
          age: 25,
          views: 210,
          media: files.scorm2004,
          modules: scormModules(5001),
        }),
        a({
          id: 502,
          type: "external_link",
          title: "Simulador: conciliación bancaria",
          description: "Concilia un estado de cuenta con el mayor.",
          duration: 15,
          points: 30,
          age: 24,
          views: 95,
          link: link("https://www.theiia.org/en/resources/", "E-LEARNING"),
        }),
        a({
          id: 505,
          type: "elearning",
          title: "Simulador: cuestionario de cierre",
          description: "Una pregunta; el resultado se registra al salir.",
          duration: 5,
          points: 20,
          age: 23,
          views: 40,
          media: files.scormUnload,
        }),
        a({
          id: 506,
          type: "elearning",
          title: "Simulador: diapositivas del arqueo",
          description: "Presentación en formato 16:9.",
          duration: 5,
          points: 10,
          age: 22,
          views: 33,
          media: files.scormSlides,
        }),
        a({
          id: 511,
          type: "elearning",
          title: "Examen de dominio: papeles de trabajo",
          description: "Solo se aprueba con el 100 %.",
          duration: 5,
          points: 30,
          age: 23,
          views: 40,
          media: files.scormMastery,
        }),
        a({
          id: 512,
          type: "elearning",
          title: "Controles clave: objetivos",
          description: "Tres objetivos y un examen con nota mínima del 70 %.",
          duration: 10,
          points: 30,
          age: 22,
          views: 33,
          media: files.scormObjectives,
        }),
        a({
          id: 513,
          type: "elearning",
          title: "Ciclo de auditoría (3 partes)",
          description: "Planificación, pruebas e informe.",
          duration: 15,
          points: 40,
          age: 21,
          views: 28,
          media: files.scormMulti2004,
        }),
        a({
          id: 514,
          type: "elearning",
          title: "Muestreo en auditoría (2 lecciones)",
          description: "Población y selección de la muestra.",
          duration: 10,
          points: 30,
          age: 20,
          views: 19,
          media: files.scormMulti12,
        }),
        a({
          id: 515,
          type: "elearning",
          title: "Reglas del arqueo: cuestionario",
          description: "Seis páginas y una pregunta.",
          duration: 5,
          points: 40,
          age: 19,
          views: 12,
          media: files.scormAttempts12,
        }),
      ]),
      course(52, "Tips en video", "Consejos de un minuto.", [
        a({
          id: 503,
          type: "video",
          title: "Tip: cómo documentar evidencia",
          description: "Tres reglas para una evidencia suficiente.",
          duration: 1,
          points: 5,
          age: 15,
          views: 520,
        }),
        a({
          id: 504,
          type: "video",
          title: "Tip: entrevistas en 60 segundos",
          description: "Prepara, escucha y confirma.",
          duration: 1,
          points: 5,
          age: 14,
          views: 470,
        }),
      ]),
    ],
    emulators: { title: "Simulador BEA", course_ids: [51] },
    learning_route: { title: "Ruta de aprendizaje", course_ids: [11, 12, 13] },
    video_tips: { title: "TipTok BEA", course_ids: [52] },
  };
}

/** What leaders shared; shown on home as 'Compartidos por los Líderes'. */
export function seedSharedResources(at: At, leaderId: number): SharedResourceRecord[] {
  const shared = (id: number, materialType: number, spec: ActivitySpec, comment: string): SharedResourceRecord => ({
    id,
    shared_by: leaderId,
    material_type: materialType,
    date: at(spec.age).slice(0, 10),
    comment,
    activity: activity(spec, at),
    created_at: at(spec.age),
  });
  return [
    shared(
      1,
      3,
      {
        id: 601,
        type: "external_link",
        title: "Artículo: cómo priorizar hallazgos",
        description: "Criterios para ordenar hallazgos por riesgo.",
        duration: 10,
        points: 5,
        age: 5,
        link: link("https://www.theiia.org/en/content/articles/", "ARTICULO"),
      },
      "Lectura corta, muy útil para el cierre de auditorías.",
    ),
    shared(
      2,
      4,
      {
        id: 602,
        type: "external_link",
        title: "Video: entrevistas de auditoría",
        description: "Buenas prácticas para entrevistar.",
        duration: 8,
        points: 5,
        age: 2,
        cover: files.coverRiesgos,
        link: link("https://www.youtube.com/watch?v=AuditInt002", "VIDEO"),
      },
      "Véanlo antes de su próxima auditoría.",
    ),
  ];
}
