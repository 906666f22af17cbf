import { files } from "./seed-files";
import type { At } from "./seed-training";
import type { Catalogue, DiagnosisRecord, FaqCategoryRecord, NewsRecord, TriviaGameRecord } from "./types";

function faqCategories(): FaqCategoryRecord[] {
  return [
    {
      id: 1,
      name: "Acceso y cuenta",
      faqs: [
        {
          id: 1,
          name: "¿Cómo obtengo mi usuario?",
          content: "<p>Las cuentas no se crean desde la aplicación: <strong>pide a tu líder</strong> que cree tu usuario.</p>",
        },
        {
          id: 2,
          name: "Olvidé mi contraseña",
          content:
            "<p>En la pantalla de inicio elige <em>Recuperar contraseña</em> y sigue el enlace que llegará a tu correo.</p>",
        },
      ],
    },
    {
      id: 2,
      name: "Rutas y actividades",
      faqs: [
        {
          id: 3,
          name: "¿Cómo se calcula mi avance?",
          content:
            "<p>Tu avance es el porcentaje de actividades terminadas de cada ruta.</p><ul><li>Iniciado: abriste la actividad.</li><li>Completado: la terminaste.</li></ul>",
        },
        {
          id: 4,
          name: "¿Por qué el Escape Room está bloqueado?",
          content: "<p>Se desbloquea cuando terminas todas las actividades de las rutas anteriores y de la ruta actual.</p>",
        },
        {
          id: 5,
          name: "¿Dónde consulto las normas?",
          content:
            '<p>Consulta las <a href="https://www.theiia.org/en/standards/" target="_blank" rel="noopener">Normas Globales</a> del IIA.</p>',
        },
      ],
    },
    {
      id: 3,
      name: "Puntos y ranking",
      faqs: [
        {
          id: 6,
          name: "¿Cómo gano puntos?",
          content: "<p>Terminando actividades y respondiendo trivias. Cada actividad suma sus puntos una sola vez.</p>",
        },
        {
          id: 7,
          name: "¿Cada cuánto se actualiza el ranking?",
          content: "<p>El ranking se actualiza en cuanto sumas puntos.</p>",
        },
      ],
    },
  ];
}

function triviaGames(): TriviaGameRecord[] {
  return [
    {
      id: 1,
      title: "Fundamentos de auditoría",
      description: "Pon a prueba lo aprendido en la Formación Inicial.",
      points_per_answer: 10,
      cover: files.coverAuditoria,
      questions: [
        {
          id: 11,
          question: "¿Qué línea representa la auditoría interna en el modelo de las tres líneas?",
          options: [
            { id: 111, option: "La primera" },
            { id: 112, option: "La segunda" },
            { id: 113, option: "La tercera" },
          ],
          correct_option_id: 113,
        },
        {
          id: 12,
          question: "¿Qué elemento de un hallazgo describe lo que debería ser?",
          options: [
            { id: 121, option: "Condición" },
            { id: 122, option: "Criterio" },
            { id: 123, option: "Efecto" },
          ],
          correct_option_id: 122,
        },
        {
          id: 13,
          question: "La evidencia de auditoría debe ser suficiente, confiable, relevante y…",
          options: [
            { id: 131, option: "Útil" },
            { id: 132, option: "Extensa" },
            { id: 133, option: "Confidencial" },
          ],
          correct_option_id: 131,
        },
        {
          id: 14,
          question: "¿Quién es dueño de los riesgos de un proceso?",
          options: [
            { id: 141, option: "La auditoría interna" },
            { id: 142, option: "La gestión operativa" },
            { id: 143, option: "El auditor externo" },
          ],
          correct_option_id: 142,
        },
      ],
    },
    {
      id: 2,
      title: "Gestión de riesgos",
      description: "Impacto, probabilidad y apetito de riesgo.",
      points_per_answer: 10,
      cover: files.coverRiesgos,
      questions: [
        {
          id: 21,
          question: "El riesgo inherente se mide…",
          options: [
            { id: 211, option: "Antes de considerar los controles" },
            { id: 212, option: "Después de los controles" },
          ],
          correct_option_id: 211,
        },
        {
          id: 22,
          question: "¿Qué dos ejes tiene una matriz de riesgos?",
          options: [
            { id: 221, option: "Costo y tiempo" },
            { id: 222, option: "Impacto y probabilidad" },
            { id: 223, option: "Alcance y calidad" },
          ],
          correct_option_id: 222,
        },
        {
          id: 23,
          question: "El nivel de riesgo que la organización acepta se llama…",
          options: [
            { id: 231, option: "Apetito de riesgo" },
            { id: 232, option: "Riesgo residual" },
            { id: 233, option: "Materialidad" },
          ],
          correct_option_id: 231,
        },
      ],
    },
    {
      id: 3,
      title: "Ética y fraude",
      description: "El triángulo del fraude y el código de ética.",
      points_per_answer: 15,
      cover: files.coverEspecializada,
      questions: [
        {
          id: 31,
          question: "¿Cuáles son los lados del triángulo del fraude?",
          options: [
            { id: 311, option: "Presión, oportunidad y racionalización" },
            { id: 312, option: "Motivo, medio y momento" },
          ],
          correct_option_id: 311,
        },
        {
          id: 32,
          question: "Ante un conflicto de interés, el auditor debe…",
          options: [
            { id: 321, option: "Ignorarlo si es menor" },
            { id: 322, option: "Revelarlo y abstenerse" },
            { id: 323, option: "Consultarlo al auditado" },
          ],
          correct_option_id: 322,
        },
        {
          id: 33,
          question: "¿Cuál es el control más eficaz contra el fraude?",
          options: [
            { id: 331, option: "La segregación de funciones" },
            { id: 332, option: "Las auditorías anuales" },
            { id: 333, option: "Las firmas manuscritas" },
          ],
          correct_option_id: 331,
        },
      ],
    },
  ];
}

function diagnosis(): DiagnosisRecord {
  return {
    id: 1,
    name: "Diagnóstico inicial",
    questionnaire: {
      id: 1,
      name: "Conozcamos tu experiencia",
      questions: [
        {
          id: 1,
          statement: "¿Cuántos años de experiencia tienes en auditoría?",
          options: [
            { id: 1, option: "Menos de 1 año" },
            { id: 2, option: "De 1 a 3 años" },
            { id: 3, option: "Más de 3 años" },
          ],
          options_as_json_text: false,
        },
        {
          id: 2,
          statement: "¿Has participado en auditorías basadas en riesgos?",
          options: [
            { id: 4, option: "Sí" },
            { id: 5, option: "No" },
          ],
          options_as_json_text: true,
        },
        {
          id: 3,
          statement: "¿Qué herramienta de análisis de datos usas con más frecuencia?",
          options: [
            { id: 6, option: "Excel" },
            { id: 7, option: "ACL o IDEA" },
            { id: 8, option: "Python o R" },
            { id: 9, option: "Ninguna" },
          ],
          options_as_json_text: false,
        },
        {
          id: 4,
          statement: "¿Qué tema te interesa reforzar primero?",
          options: [
            { id: 10, option: "Control interno" },
            { id: 11, option: "Fraude" },
            { id: 12, option: "Tecnologías de la información" },
            { id: 13, option: "Normas internacionales" },
          ],
          options_as_json_text: false,
        },
      ],
    },
  };
}

function news(at: At): NewsRecord[] {
  return [
    {
      id: 1,
      key: "welcome",
      title: "¡Bienvenido a la Academia!",
      body: "<p>Estamos felices de tenerte aquí. Antes de empezar, responde un breve cuestionario para conocerte mejor.</p>",
      category: "Bienvenida",
      image: files.coverAuditoria,
      video: files.welcomeVideo,
      created_at: at(200),
    },
    {
      id: 2,
      key: "nueva-ruta",
      title: "Nueva ruta: Formación Especializada",
      body: "<p>Ya está disponible la ruta <strong>Formación Especializada</strong> con cursos de fraude y analítica de datos.</p>",
      category: "Novedades",
      image: files.coverEspecializada,
      video: null,
      created_at: at(10),
    },
    {
      id: 3,
      key: "mantenimiento",
      title: "Mantenimiento programado",
      body: "<p>El sábado de 22:00 a 23:00 la plataforma puede no estar disponible.</p>",
      category: "Avisos",
      image: null,
      video: null,
      created_at: at(1),
    },
  ];
}

export function seedCatalogue(at: At): Catalogue {
  const covers = [files.coverAuditoria, files.coverRiesgos, files.coverEspecializada];
  const withCover = (names: string[]) =>
    names.map((name, index) => ({ id: index + 1, name, cover: covers[index % covers.length] ?? files.coverAuditoria }));
  return {
    languages: [
      { id: 1, name: { es: "Español", en: "Spanish" }, native_name: "Español", iso_code: "es", default_language: true },
      { id: 2, name: { es: "Inglés", en: "English" }, native_name: "English", iso_code: "en", default_language: false },
    ],
    proficiency_levels: ["Básico", "Intermedio", "Avanzado", "Experto", "Nativo"],
    work_positions: [
      { id: 1, name: "Auditor Trainee" },
      { id: 2, name: "Auditor Junior" },
      { id: 3, name: "Auditor Senior" },
      { id: 4, name: "Gerente de Auditoría" },
      { id: 5, name: "Director de Auditoría Interna" },
      { id: 6, name: "Analista de Riesgos" },
    ],
    universities: [
      { id: 1, name: "Universidad Nacional Autónoma de México", acronym: "UNAM" },
      { id: 2, name: "Instituto Tecnológico Autónomo de México", acronym: "ITAM" },
      { id: 3, name: "Universidad Complutense de Madrid", acronym: "UCM" },
      { id: 4, name: "Universidad de Buenos Aires", acronym: "UBA" },
      { id: 5, name: "Pontificia Universidad Javeriana", acronym: "PUJ" },
      { id: 6, name: "Universidad de Chile", acronym: "UCH" },
      { id: 7, name: "Universidad de los Andes", acronym: "UNIANDES" },
      { id: 8, name: "Universidad Politécnica de Madrid", acronym: "UPM" },
    ],
    training_topics: withCover([
      "Control interno",
      "Gestión de riesgos",
      "Fraude",
      "Tecnologías de la información",
      "Normas y ética",
      "Analítica de datos",
    ]),
    training_type_contents: withCover(["Wikiguía", "PDF", "Video", "Audio", "eLearning"]),
    course_sections: [
      { id: 1, name: "Contenido principal" },
      { id: 2, name: "Material complementario" },
      { id: 3, name: "Evaluación" },
    ],
    support_categories: [
      {
        id: 1,
        name: "Acceso y cuenta",
        sub_categories: [
          { id: 1, name: "No puedo iniciar sesión" },
          { id: 2, name: "Cambio de datos personales" },
        ],
      },
      {
        id: 2,
        name: "Contenidos",
        sub_categories: [
          { id: 3, name: "Un video no carga" },
          { id: 4, name: "Un PDF no abre" },
          { id: 5, name: "El eLearning no guarda mi avance" },
        ],
      },
      {
        id: 3,
        name: "Puntos y ranking",
        sub_categories: [
          { id: 6, name: "No se sumaron mis puntos" },
          { id: 7, name: "Mi posición es incorrecta" },
        ],
      },
      { id: 4, name: "Otro", sub_categories: [{ id: 8, name: "Otro" }] },
    ],
    suggestion_categories: [
      { id: 1, name: "Contenidos" },
      { id: 2, name: "Plataforma" },
      { id: 3, name: "Experiencia VR" },
      { id: 4, name: "Otro" },
    ],
    faq_categories: faqCategories(),
    badges: [
      {
        id: 1,
        key: "first_activity",
        name: "Primeros pasos",
        description: "Terminaste tu primera actividad.",
        image: files.badge("primeros-pasos"),
      },
      {
        id: 2,
        key: "five_activities",
        name: "Aprendiz constante",
        description: "Terminaste cinco actividades.",
        image: files.badge("aprendiz-constante"),
      },
      {
        id: 3,
        key: "initial_route",
        name: "Ruta Inicial completa",
        description: "Terminaste todas las actividades de la Formación Inicial.",
        image: files.badge("ruta-inicial"),
      },
      {
        id: 4,
        key: "escape_room",
        name: "Escapista",
        description: "Resolviste un Escape Room.",
        image: files.badge("escapista"),
      },
      {
        id: 5,
        key: "perfect_trivia",
        name: "Mente brillante",
        description: "Respondiste una trivia sin errores.",
        image: files.badge("mente-brillante"),
      },
      {
        id: 6,
        key: "top_ten",
        name: "Top 10",
        description: "Estás entre los diez primeros del ranking.",
        image: files.badge("top-10"),
      },
    ],
    trivia_games: triviaGames(),
    diagnosis: diagnosis(),
    news: news(at),
  };
}
