import type { ReactElement, SVGProps } from "react";
import spriteHref from "~/components/ui/icons.svg?no-inline";

/**
 * Lucide's icons drawn from one sprite file (icons.svg, written by `npm run icons` from
 * lucide-react's drawings; an icon is an <svg> with one <use>). Lucide's components rendered each
 * icon as a component with its paths: on a product page 44 icons were a fifth of the HTML and of the
 * elements React rendered on the server (issue 13). Size, stroke and colour come from the `icon`
 * class in app.css, which size and fill utilities override.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type Icon = (props: IconProps) => ReactElement;

function icon(name: string): Icon {
  const href = `${spriteHref}#${name}`;
  return function SpriteIcon({ className, ...props }: IconProps) {
    // Decorative unless it is given a name, as lucide does.
    const named = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined || props.role !== undefined;
    return (
      <svg aria-hidden={named ? undefined : true} {...props} className={className ? `icon ${className}` : "icon"}>
        <use href={href} />
      </svg>
    );
  };
}

export const Activity = icon("activity");
export const AlarmClock = icon("alarm-clock");
export const ArrowDown = icon("arrow-down");
export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const ArrowUp = icon("arrow-up");
export const ArrowUpDown = icon("arrow-up-down");
export const Baby = icon("baby");
export const BadgeCheck = icon("badge-check");
export const BadgePercent = icon("badge-percent");
export const BookOpen = icon("book-open");
export const Brain = icon("brain");
export const Briefcase = icon("briefcase");
export const CalendarCheck = icon("calendar-check");
export const CalendarClock = icon("calendar-clock");
export const CalendarDays = icon("calendar-days");
export const Check = icon("check");
export const CheckCircle2 = icon("circle-check");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const ChevronsLeft = icon("chevrons-left");
export const ChevronsRight = icon("chevrons-right");
export const Clock = icon("clock");
export const CreditCard = icon("credit-card");
export const Dna = icon("dna");
export const Download = icon("download");
export const ExternalLink = icon("external-link");
export const FileText = icon("file-text");
export const FlaskConical = icon("flask-conical");
export const FolderHeart = icon("folder-heart");
export const FolderTree = icon("folder-tree");
export const Globe = icon("globe");
export const HeartPulse = icon("heart-pulse");
export const Hospital = icon("hospital");
export const House = icon("house");
export const Info = icon("info");
export const Languages = icon("languages");
export const LayoutDashboard = icon("layout-dashboard");
export const ListChecks = icon("list-checks");
export const LogIn = icon("log-in");
export const LogOut = icon("log-out");
export const Mail = icon("mail");
export const MapPin = icon("map-pin");
export const Menu = icon("menu");
export const Minus = icon("minus");
export const MoreHorizontal = icon("ellipsis");
export const Newspaper = icon("newspaper");
export const Paperclip = icon("paperclip");
export const Pencil = icon("pencil");
export const Phone = icon("phone");
export const Pill = icon("pill");
export const Plus = icon("plus");
export const Quote = icon("quote");
export const RotateCw = icon("rotate-cw");
export const Search = icon("search");
export const Send = icon("send");
export const ShieldCheck = icon("shield-check");
export const ShoppingCart = icon("shopping-cart");
export const SlidersHorizontal = icon("sliders-horizontal");
export const Sparkles = icon("sparkles");
export const Star = icon("star");
export const Syringe = icon("syringe");
export const TestTube = icon("test-tube");
export const TestTubes = icon("test-tubes");
export const Trash2 = icon("trash");
export const Trophy = icon("trophy");
export const Upload = icon("upload");
export const Users = icon("users");
export const Wallet = icon("wallet");
export const Webhook = icon("webhook");
export const X = icon("x");
export const Zap = icon("zap");
