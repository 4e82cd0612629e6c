import { BadgePercent, FileText, FlaskConical, House, Info, Star, TestTubes, Users } from "~/components/ui/icons";
import { Link } from "~/i18n/link";
import { StatList, type Stat } from "~/modules/content/about-page";
import { ProsePage, SupportEmail, SupportPhone } from "~/modules/content/prose-page";

// The About page in Arabic: the English page (about-page.tsx) translated as a whole.

const stats: Stat[] = [
  { label: "المرضى الذين خدمناهم", value: "+10,000", icon: Users },
  { label: "الفحوصات والباقات", value: "+2,000", icon: TestTubes },
  { label: "المختبرات الشريكة", value: "+20", icon: FlaskConical },
  { label: "التوفير", value: "حتى 50%", detail: "عند مقارنة أسعار المختبرات", icon: BadgePercent },
  { label: "متوسط التقييم", value: "4.8 / 5", detail: "من أكثر من 500 تقييم", icon: Star },
  { label: "السحب المنزلي", value: "عند بابك", detail: "في أنحاء أبوظبي", icon: House },
  { label: "النتائج الرقمية", value: "عبر الإنترنت", detail: "تصلك بأمان", icon: FileText },
];

const steps: { title: string; body: string }[] = [
  {
    title: "ابحث",
    body: "ابحث عن الفحص بالاسم أو العَرَض أو الهدف الصحي، أو تصفح الفئات مثل صحة القلب، والسكري والتمثيل الغذائي، والفيتامينات والمعادن، والفحوصات التنفيذية.",
  },
  {
    title: "قارن أسعار المختبرات الشريكة",
    body: "اطّلع على ما يتقاضاه كل مختبر شريك مرخَّص عن الفحص نفسه، مع المدة المتوقعة لظهور النتيجة وأي تحضير تحتاجه مثل الصيام. تُعرض جميع الأسعار بالدرهم الإماراتي وتشمل ضريبة القيمة المضافة.",
  },
  {
    title: "احجز",
    body: "اختر المريض والتاريخ والوقت، ثم ادفع بأمان بالبطاقة أو اختر الدفع عند الاستلام. يمكنك الحجز لنفسك أو لأحد أفراد عائلتك من الحساب نفسه.",
  },
  {
    title: "السحب المنزلي",
    body: "يزورك فني سحب دم مدرَّب ومرخَّص في منزلك أو فندقك أو مكتبك في الموعد الذي اخترته، ويأخذ العينة بطريقة صحية وينقلها إلى المختبر.",
  },
  {
    title: "النتائج الرقمية",
    body: "تجهز معظم النتائج خلال 24 إلى 48 ساعة، وقد تستغرق الفحوصات المتخصصة من 3 إلى 7 أيام. تصلك التقارير رقمياً ويسهل طباعتها أو مشاركتها مع طبيبك، فلا حاجة لاستلام أي شيء شخصياً.",
  },
];

export function AboutPageAr() {
  return (
    <ProsePage
      title="عن LabTest Hub"
      intro="LabTest Hub هو سوق الفحوصات المخبرية في أبوظبي. نساعدك على إيجاد الفحص المناسب ومقارنة أسعار المختبرات الشريكة المرخَّصة وحجز سحب العينة من المنزل في دقائق."
    >
      <section aria-labelledby="about-mission">
        <h2 id="about-mission">رسالتنا</h2>
        <p>
          معرفة مؤشراتك الصحية لا ينبغي أن تكون معقدة أو مكلفة. ومع ذلك، ما زال إجراء فحص دم بسيط يعني لكثير من المقيمين في الإمارات الاتصال بعدة عيادات
          وتخمين الأسعار وأخذ إجازة من العمل للجلوس في غرفة الانتظار. أسسنا LabTest Hub لنغيّر ذلك.
        </p>
        <p>
          رسالتنا أن نجعل الفحوصات المخبرية الوقائية والدورية واضحة وميسورة التكلفة ومريحة لكل مقيم في أبوظبي. نجمع فحوصات مختبرات موثوقة ومرخَّصة في
          مكان واحد، ونعرض أسعاراً واضحة مسبقاً، ونتيح لك اختيار مكان سحب العينة وموعده وطريقته.
        </p>
      </section>

      <section aria-labelledby="about-numbers">
        <h2 id="about-numbers">LabTest Hub بالأرقام</h2>
        <StatList stats={stats} />
      </section>

      <section aria-labelledby="about-how">
        <h2 id="about-how">كيف يعمل السوق</h2>
        <p>LabTest Hub سوق وليس مختبراً. نتعاون مع مختبرات ومقدمي خدمات سحب عينات مرخَّصين، ونمنحك طريقة واحدة وبسيطة للوصول إليهم.</p>
        <ol>
          {steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.body}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-why">
        <h2 id="about-why">لماذا يختارنا الناس</h2>
        <ul>
          <li>
            <strong>أسعار شفافة.</strong> تُعرض الأسعار بالدرهم الإماراتي شاملة ضريبة القيمة المضافة، فما تراه هو ما تدفعه. وتظهر أي رسوم للسحب المنزلي
            بوضوح قبل أن تؤكد.
          </li>
          <li>
            <strong>شركاء مرخَّصون فقط.</strong> يحمل كل مختبر شريك ترخيصاً سارياً من الجهة الصحية المختصة في الدولة ويلتزم بمعاييرها للجودة وإصدار التقارير.
          </li>
          <li>
            <strong>حجوزات مرنة.</strong> يمكنك تغيير الموعد أو الإلغاء حتى ساعتين قبل موعدك، ومتابعة كل طلب وحجز من لوحة التحكم.
          </li>
          <li>
            <strong>الخصوصية في التصميم.</strong> نتعامل مع معلوماتك الصحية وفق قانون حماية البيانات في الإمارات، ولا نشاركها إلا مع المختبر الذي يجري فحصك.
            اقرأ <Link to="/privacy">سياسة الخصوصية</Link> للتفاصيل.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">ابدأ الآن أو تواصل معنا</h2>
        <p>
          جاهز للحجز؟ <Link to="/search">ابحث في جميع الفحوصات والباقات</Link> أو اقرأ <Link to="/faqs">الأسئلة الشائعة</Link> لتعرف المزيد عن السحب المنزلي
          والنتائج والدفع.
        </p>
        <p>
          يسعد فريق الدعم لدينا في أبوظبي بمساعدتك في اختيار الفحص أو إدارة الحجز. راسلنا على <SupportEmail /> أو اتصل على <SupportPhone />.
        </p>
      </section>

      <section aria-labelledby="about-disclaimer" className="mt-12 rounded-lg border border-border p-5 text-sm leading-6 text-muted-foreground">
        <h2 id="about-disclaimer" className="flex items-center gap-2 mt-0! text-base! text-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0 text-primary" />
          إخلاء المسؤولية الطبية
        </h2>
        <p className="mt-2!">
          المعلومات المقدمة في LabTest Hub للعلم العام فقط، وليست استشارة طبية أو تشخيصاً أو علاجاً. يجب أن يفسر نتائج الفحوصات دائماً أخصائي رعاية صحية مؤهل.
          تتطلب باقات الفحص الشامل إحالة من طبيب أو استشارة أولية. إذا كانت لديك أعراض طارئة، فاتصل بطبيبك أو بالرقم 998 لطلب الإسعاف.
        </p>
      </section>
    </ProsePage>
  );
}
