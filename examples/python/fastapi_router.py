#!/usr/bin/python3
"""A FastAPI router with this machine's network adapters, as a WLAN Pi
backend serves them: straight from libmultigig, no ethtool, ip or lspci.

A FastAPI service (wlanpi-core, say) includes it:

    from fastapi import FastAPI
    from fastapi_router import make_router

    app = FastAPI()
    app.include_router(make_router(), prefix="/api/v1/network")

or it runs on its own, served by uvicorn:

    fastapi_router.py [--host 127.0.0.1] [--port 8080] [--sysfs-root DIR]

    GET  /nics                   every adapter (as `multigig list --json`)
    GET  /nics/{iface}           identity, Ethernet link, settings, PCIe path
                                 and the throughput verdict (as `show --json`)
    GET  /nics/{iface}/pcie      the PCIe path (as `multigig pcie --json`)
    GET  /doctor[?iface=IF]      findings (as `multigig doctor --json`)
    POST /nics/{iface}/settings  change settings all or nothing: a JSON
                                 object of those Context.apply() takes
                                 (multigig.SETTINGS); a dry run (the plan)
                                 unless the body says "dry_run": false;
                                 "confirm": SECONDS keeps them only if
                                 confirmed in time, "verify_peer": ADDR
                                 checks a new MTU, "persist": true writes
                                 them where udev applies them at every add
    POST /nics/{iface}/confirm   keep changes made with "confirm"
    POST /nics/{iface}/persist   write what runs now where udev applies it
                                 ({"remove": true}: remove that file); a
                                 dry run unless "dry_run": false

The GETs need no privilege. A change needs CAP_NET_ADMIN: without it the
answer is 403 with the library's message.

A name with bytes that are not UTF-8 is written as the library's JSON
writes it (multigig list --json): each such byte the four characters \\xNN.
A path names the adapter so too (/nics/%5Cxff%5Cxfe for the bytes ff fe).

The same file runs on pydantic 1 with the FastAPI of its day (Debian 12:
1.10, 0.92) and on pydantic 2 (Debian 13: 2.10, FastAPI 0.115): the few
calls that differ go through the helpers below, and each model's fields
are the same on both.
"""
import argparse
import errno
import importlib
import inspect
import math
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Literal, Optional, Tuple, Union, cast

import pydantic
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Path, Request
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr, conint, constr, create_model

import multigig

# Pydantic 2 renamed what the router calls on a model and a validator; the
# names of either major version are looked up by the one that runs, so that
# a type checker of either sees no name its pydantic lacks.
PYDANTIC_2 = int(pydantic.VERSION.split(".")[0]) >= 2


def checks(*fields: str, before: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """A validator of ``fields``: run on the value as sent when ``before``,
    else on the value as validated (pydantic 2's field_validator, pydantic
    1's validator). Pydantic 1 skips an Optional field's None; pydantic 2
    passes it: a check lets None through."""
    if PYDANTIC_2:
        return cast(Callable[[Callable[..., Any]], Any],
                    getattr(pydantic, "field_validator")(*fields, mode="before" if before else "after"))
    return cast(Callable[[Callable[..., Any]], Any],
                getattr(pydantic, "validator")(*fields, pre=before, allow_reuse=True))


def dump(model: BaseModel, **options: Any) -> Dict[str, Any]:
    """The model's fields as a dict: model_dump() on pydantic 2, dict() on 1."""
    return cast(Dict[str, Any], getattr(model, "model_dump" if PYDANTIC_2 else "dict")(**options))


# FastAPI 0.100 named a parameter's regular expression "pattern" (with
# pydantic 2) and left "regex" deprecated; 0.92 has only "regex".
_PATTERN = "pattern" if "pattern" in inspect.signature(Path).parameters else "regex"


def path_matching(pattern: str) -> Any:
    """A path parameter that must match ``pattern``."""
    return cast(Any, Path)(..., **{_PATTERN: pattern})

# A number where the CLI prints an integer or a fraction (GT/s: 5, 2.5).
Number = Union[StrictInt, float]


class NicModel(BaseModel):
    """One adapter, as `multigig list --json` gives it."""

    name: Optional[str] = None
    ifindex: Optional[int] = None
    kind: Optional[str] = None
    bus: str
    address: Optional[str] = None
    vendor_id: Optional[str] = None
    device_id: Optional[str] = None
    vendor: Optional[str] = None
    device: Optional[str] = None
    driver: Optional[str] = None
    driver_version: Optional[str] = None
    firmware_version: Optional[str] = None
    has_driver: bool
    mtu: Optional[int] = None
    min_mtu: Optional[int] = None
    max_mtu: Optional[int] = None
    operstate: Optional[str] = None
    carrier: Optional[bool] = None
    speed_mbps: Optional[int] = None
    mac: Optional[str] = None


class LinkModel(BaseModel):
    """The Ethernet link (show --json's "link")."""

    link: Optional[bool] = None
    speed_mbps: Optional[int] = None
    duplex: Optional[str] = None
    autoneg: Optional[bool] = None
    port: Optional[str] = None
    lanes: Optional[int] = None
    supported_modes: List[str]
    advertised_modes: List[str]
    partner_modes: List[str]
    best_common_mode: Optional[str] = None
    not_advertised: Optional[List[str]] = None
    sqi: Optional[int] = None
    sqi_max: Optional[int] = None
    down_reason: Optional[str] = None
    down_subreason: Optional[int] = None
    wake_on_lan: Optional[Dict[str, List[str]]] = None
    wake_on_lan_error: Optional[str] = None


class ThroughputModel(BaseModel):
    """What the adapter can be expected to carry (show --json's "throughput")."""

    line_rate_mbps: Optional[int] = None
    mtu: Optional[int] = None
    expected_rx_gbps: Optional[float] = None
    expected_tx_gbps: Optional[float] = None
    limited_by: Optional[str] = None
    limited_by_rx: Optional[str] = None
    limited_by_tx: Optional[str] = None
    lower_bound: bool


class PcieLimitModel(BaseModel):
    address: Optional[str] = None
    speed_gts: Optional[Number] = None
    width: Optional[int] = None
    available_gbps: Optional[float] = None


class PcieModel(BaseModel):
    """The PCIe path (`multigig pcie --json`): each hop as the CLI gives it."""

    address: Optional[str] = None
    path: List[Dict[str, Any]]
    limit: Optional[PcieLimitModel] = None
    ceilings: Optional[Dict[str, Any]] = None
    lower_bound: bool
    board: Optional[str] = None
    advice: Optional[str] = None
    aspm_policy: Optional[str] = None


class SettingsModel(BaseModel):
    """MTU and the groups of settings, as show --json gives them: each
    group has "supported" and either "error" or the values (and maxima)."""

    name: str
    mtu: Optional[int] = None
    rings: Dict[str, Any]
    channels: Dict[str, Any]
    coalesce: Dict[str, Any]
    pause: Dict[str, Any]


class KernelLogLineModel(BaseModel):
    """One line of the kernel log about the adapter, as show --json's "kernel_log" gives it."""

    time: Optional[float] = None
    priority: Optional[str] = None
    text: str
    meaning: str
    kind: str
    about: str
    source: str


class NicDetailModel(NicModel):
    """One adapter: identity as show --json gives it, and its readings. A
    reading that could not be made is null, and ``errors`` says why."""

    parent: Optional[str] = None
    subsystem_vendor_id: Optional[str] = None
    subsystem_device_id: Optional[str] = None
    subsystem: Optional[str] = None
    revision: Optional[str] = None
    class_code: Optional[str] = Field(None, alias="class")
    usb_speed_mbps: Optional[int] = None
    chip: Optional[str] = None
    chip_driver: Optional[str] = None
    chip_since_kernel: Optional[str] = None
    chip_max_mbps: Optional[int] = None
    kernel_modules: Optional[List[str]] = None
    link: Optional[LinkModel] = None
    settings: Optional[SettingsModel] = None
    pcie: Optional[PcieModel] = None
    throughput: Optional[ThroughputModel] = None
    wifi: Optional[Dict[str, Any]] = None
    kernel_log: Optional[List[KernelLogLineModel]] = None
    errors: Dict[str, str]


class EvidenceModel(BaseModel):
    fact: str
    source: Optional[str] = None


class FindingModel(BaseModel):
    id: str
    severity: str
    nic: Optional[str] = None
    title: str
    evidence: List[EvidenceModel]
    impact: Optional[str] = None
    impact_gbps: Optional[float] = None
    fix: Optional[str] = None
    fix_command: Optional[str] = None
    fixable: bool


class DoctorModel(BaseModel):
    """`multigig doctor --json`: the findings, most important first."""

    findings: List[FindingModel]


# What each setting takes, checked before the library sees it, by the kind
# multigig.SETTINGS gives it: a number of the kernel's u32 range, "max" too
# for rings, true/false or "on"/"off" for flags, link modes, and CPUs as
# Context.apply() takes them. Strict types: "no", 0 or "off" is never taken
# for a bool, true never for a number.
if TYPE_CHECKING:
    ConfirmSeconds = int
    U32 = int
    QueueNumber = int
    Modes = str
    Mode = str
    CpuList = str
    WolModes = str
else:
    ConfirmSeconds = conint(strict=True, ge=1, le=3600)
    U32 = conint(strict=True, ge=0, le=0xFFFFFFFF)
    # A JSON object's keys are strings: "0" is queue 0.
    QueueNumber = conint(ge=0, le=0x7FFFFFFF)
    Modes = constr(strict=True, min_length=1, max_length=1024)
    Mode = constr(strict=True, min_length=1, max_length=64)
    CpuList = constr(strict=True, max_length=1024)
    # Wake-on-LAN: ethtool's letters, "d" or "off" for none.
    WolModes = constr(strict=True, pattern=r"^([pumbagsf]{1,8}|d|off)$") if PYDANTIC_2 else \
        constr(strict=True, regex=r"^([pumbagsf]{1,8}|d|off)$")
Ring = Union[U32, Literal["max"]]
Flag = Union[StrictBool, Literal["on", "off"]]
# CPUs as the kernel lists them ("0-3", "1,3", "none" for none) or as numbers ([0, 1]).
Cpus = Union[CpuList, List[U32]]
KINDS: Dict[str, Any] = {
    "number": U32, "ring": Ring, "flag": Flag, "modes": Union[Modes, List[Mode]],
    # For every queue (vector), or by queue's (vector's) number: {"0": "0-1"}.
    "cpus": Union[Cpus, Dict[QueueNumber, Cpus]],
    "wol": WolModes,
}
# A feature as the kernel names them (rx-gro, tx-tcp-segmentation) or a short name (gro, tso).
FEATURE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")


class SettingsBase(BaseModel, extra="forbid"):
    """What to change, by the names `multigig set` takes with '_' for '-';
    only the fields given are changed. ``features`` are offloads by kernel
    name ({"rx-gro": false}) and nothing else; ``advertise`` is "all" or a
    list of link modes. A dry run unless ``dry_run`` is false (a JSON
    boolean). ``persist`` true also writes the settings into
    libmultigig's udev .link file for the device (the parameters only:
    MTU, rings, channels, coalesce, pause). Any other field is refused."""

    dry_run: StrictBool = True
    persist: StrictBool = False
    confirm: Optional[ConfirmSeconds] = None
    verify_peer: Optional[StrictStr] = None
    advertise: Optional[Union[Modes, List[Mode]]] = None
    features: Dict[StrictStr, StrictBool] = {}

    @checks("advertise")
    def at_most_128_modes(cls, modes: Optional[Union[str, List[str]]]) -> Optional[Union[str, List[str]]]:
        if isinstance(modes, list) and len(modes) > 128:
            raise ValueError("at most 128 link modes")
        return modes

    @checks("features", before=True)
    def features_object(cls, features: Any) -> Any:
        """Pydantic 1 reads an array as a dict's pairs ([] as {}): an object is wanted."""
        if not isinstance(features, dict):
            raise ValueError("an object of feature names to true or false")
        return features

    @checks("features")
    def feature_names(cls, features: Dict[str, bool]) -> Dict[str, bool]:
        if len(features) > 64:
            raise ValueError("at most 64 features at once")
        bad = [name for name in features if not FEATURE_NAME.match(name)]
        if bad:
            raise ValueError("not a feature's name: %r" % bad[0])
        return features

    def params(self) -> Dict[str, multigig.SettingValue]:
        """The keyword arguments of Context.apply(), but for the features."""
        return dump(self, exclude={"dry_run", "features", "confirm", "verify_peer", "persist"}, exclude_none=True)


class PersistRequest(BaseModel, extra="forbid"):
    """What runs now written into libmultigig's udev .link file for the
    device, which udev applies whenever the device is added; with
    ``remove``, that file removed. A dry run unless ``dry_run`` is false."""

    dry_run: StrictBool = True
    remove: StrictBool = False


# A queue's (vector's) number as an object's key: decimal digits, no sign,
# space or "_" (which pydantic 1 reads as int() does) and no "1.0" (which
# pydantic 2 reads as 1).
QUEUE_KEY = re.compile(r"^[0-9]{1,10}$")


def no_pairs(cls: Any, cpus: Any) -> Any:
    """CPUs as a list of numbers, never of lists: pydantic 1 would read
    [["0", "1"]] as the pairs of {"0": "1"}. An object's keys are queue
    numbers written as QUEUE_KEY has them, on either pydantic alike."""
    if isinstance(cpus, list) and any(isinstance(c, list) for c in cpus):
        raise ValueError("CPUs: a list of numbers, or an object of queue numbers to CPUs")
    if isinstance(cpus, dict) and not all(isinstance(k, str) and QUEUE_KEY.match(k) for k in cpus):
        raise ValueError("CPUs by queue: each key a queue's number in decimal digits")
    return cpus


def settings_request() -> Any:
    """SettingsBase with a field for each setting Context.apply() takes
    (multigig.SETTINGS), each of the type of its kind."""
    fields: Dict[str, Any] = {key: (Optional[KINDS[kind]], None) for key, kind in multigig.SETTINGS.items()
                              if key not in SettingsBase.__annotations__}
    cpus = [key for key in fields if multigig.SETTINGS[key] == "cpus"]
    validators = {"cpus_no_pairs": checks(*cpus, before=True)(no_pairs)}
    return create_model("SettingsRequest", __base__=SettingsBase, __module__=__name__, __validators__=validators,
                        **fields)


# To a type checker the request is its base; FastAPI reads the whole model.
if TYPE_CHECKING:
    SettingsRequest = SettingsBase
else:
    SettingsRequest = settings_request()


class ChangeModel(BaseModel):
    """One change: a number, true/false, link modes, CPUs ("0-3") for
    "rps-cpus:rx-N", "xps-cpus:tx-N" and "irq-affinity:N", Wake-on-LAN's
    letters ("g", "d" for none) for "wol", or the .link file ("none", or
    its path with the keys written or its text's hash) for "persist"."""

    param: str
    old: Union[StrictBool, StrictInt, StrictStr, List[str], None]
    new: Union[StrictBool, StrictInt, StrictStr, List[str], None]
    state: str


class ApplyModel(BaseModel):
    """The plan or what was done: each change with its state ("planned",
    "applied"...), whether the driver may bounce the link."""

    dry_run: bool
    changes: List[ChangeModel]
    may_bounce_link: bool
    left: List[str]
    failed_group: Optional[str] = None
    kernel_message: Optional[str] = None
    rolled_back: Optional[bool] = None


class ErrorModel(BaseModel):
    """An error: the library's message and, for a failed change, what the
    apply did (``apply``: the group refused, the kernel's message,
    whether every change was rolled back)."""

    message: str
    errno: Optional[str] = None
    apply: Optional[ApplyModel] = None


class ErrorResponse(BaseModel):
    """An error's body as it is sent: FastAPI's {"detail": ...} around it."""

    detail: ErrorModel


# A byte of a name that is not UTF-8 reaches Python as a surrogate escape
# (U+DC80 to U+DCFF). The router's JSON shows it as the four characters
# \xNN, as `multigig list` does (the library's JSON writes the lone
# surrogate \udcNN, which strict JSON parsers refuse), and a backslash of
# the name itself as two, so that the text \xff and the byte 0xff never
# show alike. A path names an adapter the same way.
_STRAY_BYTE = re.compile("[\udc80-\udcff]")
_SHOWN = re.compile(r"\\(?:\\|x([89a-f][0-9a-f]))|\\")


def shown(value: Any) -> Any:
    """``value`` (a str, or dicts and lists holding strs) fit to send as
    JSON, one-to-one: a backslash written \\\\, each byte that was not
    UTF-8 \\xNN. Left as surrogates, the JSON encoder would fail (500)."""
    if isinstance(value, str):
        return _STRAY_BYTE.sub(lambda m: "\\x%02x" % (ord(m.group()) - 0xDC00), value.replace("\\", "\\\\"))
    if isinstance(value, dict):
        return {shown(k): shown(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shown(v) for v in value]
    return value


def unshown(text: str) -> Optional[str]:
    """The name ``text`` shows, as shown() writes it; None when shown()
    never writes it so (a lone backslash, \\x41, or bytes that are UTF-8
    after all, which are shown as what they spell)."""
    bad = False

    def one(m: "re.Match[str]") -> str:
        nonlocal bad
        if m.group(0) == "\\\\":
            return "\\"
        if m.group(1) is None:
            bad = True
            return ""
        return chr(0xDC00 + int(m.group(1), 16))

    name = _SHOWN.sub(one, text)
    if bad:
        return None
    name = name.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape")
    return name if shown(name) == text else None


# HTTP status for the library's errno; anything else is 500.
STATUS = {
    errno.EPERM: 403, errno.EACCES: 403,
    errno.ENODEV: 404, errno.ENOENT: 404, errno.ENXIO: 404,
    errno.EINVAL: 400, errno.ERANGE: 400, errno.E2BIG: 400,
    errno.EOPNOTSUPP: 409, errno.EBUSY: 409, errno.EUCLEAN: 409, errno.ENODATA: 409,
    errno.ESTALE: 409, errno.EEXIST: 409, errno.EBADMSG: 409, errno.EIO: 409, errno.ETIME: 409, errno.EHOSTUNREACH: 409,
}
# An interface name (at most 15 bytes, no '/', no space) or a PCI address.
# The separators \x1c to \x1f are named: Python's \s (pydantic 1) has them,
# the Rust regex of pydantic 2 does not.
IFACE = r"^[^/\s\x1c-\x1f]{1,64}$"
ERRORS: Dict[Union[int, str], Dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in sorted(set(STATUS.values()) | {500})}


def apply_body(result: multigig.ApplyResult, dry_run: bool) -> Dict[str, Any]:
    """An apply's result as ApplyModel has it, in an answer and in an
    error's "apply" alike: the library's JSON has more than it declares."""
    d = result.to_dict()
    body = {key: d[key] for key in ApplyModel.__annotations__ if key in d}
    body["changes"] = [{key: c[key] for key in ChangeModel.__annotations__} for c in d["changes"]]
    body["dry_run"] = dry_run
    return cast(Dict[str, Any], shown(body))


def http_error(err: OSError, dry_run: bool = True) -> HTTPException:
    """The status for the library's errno, with its message and, for a
    failed apply, what the apply did."""
    detail: Dict[str, Any] = shown({"message": err.strerror, "errno": errno.errorcode.get(err.errno or 0)})
    # Shown already: once more would double its backslashes.
    if isinstance(err, multigig.ApplyError):
        detail["apply"] = apply_body(err.result, dry_run)
    return HTTPException(STATUS.get(err.errno or 0, 500), detail=detail)


def bad_request(err: Exception) -> HTTPException:
    """400 for a value refused before the library was asked (a NUL in a
    name, a CPU list it cannot read), with the error's words."""
    return HTTPException(400, detail=shown({"message": str(err), "errno": None, "apply": None}))


# What a JSON value that is not an object is, for the message refusing it.
_JSON_KINDS: List[Tuple[Union[type, Tuple[type, ...]], str]] = [
    (bool, "a boolean"), ((int, float), "a number"), (str, "a string"), (list, "an array")]


def _unsendable(body: Any) -> Optional[str]:
    """What in a JSON value cannot be sent back as JSON, or None: a string
    (or key) with a lone surrogate (a "\\udcff" escape), a number NaN or
    infinite (Python reads NaN, Infinity and 1e400 so). Looked at without
    recursion: the body may nest as deep as the JSON reader allows."""
    stack = [body]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return "a string that is not Unicode text (a lone surrogate escape)"
        elif isinstance(value, float) and not math.isfinite(value):
            return "a number that is NaN or infinite"
    return None


async def json_object(request: Request) -> None:
    """Refuse a body that is a JSON value but not an object, as FastAPI
    answers a body it cannot read (422, a "detail" list). Pydantic 1 reads
    an array as a dict's pairs: [] was an empty request, [["mtu", 9000]]
    the MTU. Refuse as well a body with what no JSON answer can hold:
    the validation errors of pydantic 2 (and some of 1) quote the value
    refused, and the answer failed to encode (500)."""
    try:
        body = await request.json()
    except ValueError:
        return  # not JSON: FastAPI's own 422 says so
    if isinstance(body, dict):
        what = _unsendable(body)
        if what is None:
            return
        raise HTTPException(422, detail=[{"loc": ["body"], "type": "value_error",
                                          "msg": "the settings must be JSON text: %s" % what}])
    kind = next((name for types, name in _JSON_KINDS if isinstance(body, types)), "null")
    raise HTTPException(422, detail=[{"loc": ["body"], "type": "type_error.dict",
                                      "msg": "the settings must be a JSON object, not %s" % kind}])


def _read(errors: Dict[str, str], part: str, read: Any) -> Any:
    """One reading of the detail view; null, and why in errors, when it fails."""
    try:
        return read()
    except OSError as err:
        errors[part] = err.strerror or str(err)
        return None


def make_router(sysfs_root: Optional[str] = None) -> APIRouter:
    """The routes, reading ``sysfs_root`` (a tree made by `multigig
    capture`) or, by default, this machine."""
    router = APIRouter(tags=["network adapters"])

    def context() -> Iterator[multigig.Context]:
        # One context per request: a context is used by one thread at a time.
        with multigig.Context(sysfs_root) as ctx:
            yield ctx

    def target(iface: str, ctx: multigig.Context) -> str:
        """What the library is to look up for the path's ``iface``: the name
        it shows as shown() writes names (\\xNN a byte, \\\\ a backslash);
        text shown() never writes names no adapter: 404."""
        name = unshown(iface)
        if name is None:
            # The path's own text, as sent: shown() would double its backslashes.
            raise HTTPException(404, detail={"message": "no network interface is shown as '%s' (a byte that is "
                                                        "not UTF-8 is \\xNN, a backslash \\\\)" % iface,
                                             "errno": "ENODEV", "apply": None})
        return name

    def nic_of(iface: str, ctx: multigig.Context) -> multigig.Nic:
        try:
            return ctx.nic(target(iface, ctx))
        except ValueError as err:  # a NUL byte, say: no interface is named so
            raise bad_request(err)
        except OSError as err:
            raise http_error(err)

    @router.get("/nics", response_model=List[NicModel], responses=ERRORS)
    def list_nics(ctx: multigig.Context = Depends(context)) -> List[Dict[str, Any]]:
        try:
            return cast(List[Dict[str, Any]], shown([nic.to_dict() for nic in ctx.nics()]))
        except OSError as err:
            raise http_error(err)

    @router.get("/nics/{iface}", response_model=NicDetailModel, responses=ERRORS)
    def show_nic(iface: str = path_matching(IFACE), ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        nic = nic_of(iface, ctx)
        errors: Dict[str, str] = {}
        d = nic.to_dict(detail=True)
        d["link"] = _read(errors, "link", lambda: nic.link().to_dict()) if nic.name else None
        d["settings"] = _read(errors, "settings", lambda: nic.settings().to_dict()) if nic.name else None
        d["pcie"] = _read(errors, "pcie", lambda: nic.pcie().to_dict()) if nic.bus == "pci" else None
        d["throughput"] = _read(errors, "throughput", lambda: nic.throughput().to_dict())
        # A Wi-Fi interface's card and link, as multigig wifi IFACE --json gives them.
        wifi = _read(errors, "wifi", nic.wifi) if nic.kind == "wifi" else None
        d["wifi"] = wifi.to_dict() if wifi is not None else None
        lines = _read(errors, "kernel_log", nic.kernel_log)
        d["kernel_log"] = None if lines is None else [line.to_dict() for line in lines]
        if lines is None and "kernel_log" not in errors:
            errors["kernel_log"] = nic.kernel_log_unknown() or "the kernel log could not be read"
        d["errors"] = errors
        return cast(Dict[str, Any], shown(d))

    @router.get("/wifi", response_model=List[Dict[str, Any]], responses=ERRORS)
    def list_wifi(ctx: multigig.Context = Depends(context)) -> List[Dict[str, Any]]:
        """Every Wi-Fi card, as multigig wifi --json: bands, channels, interfaces and links."""
        try:
            return cast(List[Dict[str, Any]], shown([w.to_dict() for w in ctx.wiphys()]))
        except OSError as err:
            raise http_error(err)

    @router.get("/nics/{iface}/pcie", response_model=PcieModel, responses=ERRORS)
    def show_pcie(iface: str = path_matching(IFACE), ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        try:
            return cast(Dict[str, Any], shown(nic_of(iface, ctx).pcie().to_dict()))
        except OSError as err:
            raise http_error(err)

    @router.get("/doctor", response_model=DoctorModel, responses=ERRORS)
    def doctor(iface: Optional[str] = None, ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        try:
            findings = ctx.doctor(None if iface is None else target(iface, ctx))
            return {"findings": shown([f.to_dict() for f in findings])}
        except ValueError as err:
            raise bad_request(err)
        except OSError as err:
            raise http_error(err)

    @router.post("/nics/{iface}/settings", response_model=ApplyModel, responses=ERRORS,
                 dependencies=[Depends(json_object)])
    def change_settings(request: SettingsRequest, iface: str = path_matching(IFACE),
                        ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        try:
            extra: Dict[str, multigig.SettingValue] = {}
            if request.confirm is not None:
                extra["confirm"] = request.confirm
            if request.verify_peer is not None:
                extra["verify_peer"] = request.verify_peer
            result = ctx.apply(target(iface, ctx), dry_run=request.dry_run, **request.params(), **extra,
                               features=request.features, persist=request.persist)
        except (ValueError, TypeError, OverflowError) as err:
            raise bad_request(err)
        except OSError as err:
            raise http_error(err, request.dry_run)
        return apply_body(result, request.dry_run)

    @router.post("/nics/{iface}/confirm", responses=ERRORS)
    def confirm(iface: str = path_matching(IFACE), ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        """Keep the changes made with "confirm": SECONDS before their window ends."""
        try:
            ctx.confirm(target(iface, ctx))
        except ValueError as err:
            raise bad_request(err)
        except OSError as err:
            raise http_error(err)
        return {"confirmed": iface}

    @router.post("/nics/{iface}/persist", response_model=ApplyModel, responses=ERRORS,
                 dependencies=[Depends(json_object)])
    def persist(request: PersistRequest, iface: str = path_matching(IFACE),
                ctx: multigig.Context = Depends(context)) -> Dict[str, Any]:
        """Write what the adapter runs now where udev applies it when the
        device is added (as `multigig persist`), or with "remove" remove it."""
        try:
            result = ctx.persist(target(iface, ctx), dry_run=request.dry_run, remove=request.remove)
        except ValueError as err:
            raise bad_request(err)
        except OSError as err:
            raise http_error(err, request.dry_run)
        return apply_body(result, request.dry_run)

    return router


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--sysfs-root", help="a tree made by 'multigig capture'")
    args = parser.parse_args()
    app = FastAPI(title="multigig")
    app.include_router(make_router(args.sysfs_root))
    # Imported here: the router needs no server, only this script does.
    importlib.import_module("uvicorn").run(app, host=args.host, port=args.port)


if __name__ == "__main__":
    main()
