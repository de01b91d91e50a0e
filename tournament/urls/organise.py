"""The organiser's pages (tournament.views.organise), under /t/<slug>/organise/; the staff member's list of
tournaments and creating one under /organise/; the one-time link to set a new login's password."""

from django.urls import path

from tournament.views.organise import (
    backups,
    clock,
    create,
    dashboard,
    exports,
    jobs,
    log,
    password,
    player_lists,
    players,
    prizes,
    results_files,
    seating,
    settings,
    staff,
    substitutes,
)

ORGANISE = "t/<slug:slug>/organise/"
SEATING = f"{ORGANISE}seating/"
PLAYERS = f"{ORGANISE}players/"
STAFF = f"{ORGANISE}staff/"
PRIZES = f"{ORGANISE}prizes/"

urlpatterns = [
    path("organise/", create.tournaments, name="organise_home"),
    path("organise/new/", create.new_tournament, name="organise_new"),
    path("accounts/set-password/<uidb64>/<token>/", password.SetPasswordView.as_view(), name="set_password"),
    path(ORGANISE, dashboard.dashboard, name="organise_dashboard"),
    path(f"{ORGANISE}settings/", settings.settings_page, name="organise_settings"),
    path(PLAYERS, players.players, name="organise_players"),
    path(f"{PLAYERS}add/", players.add_player, name="organise_player_add"),
    path(f"{PLAYERS}upload/", player_lists.upload, name="organise_players_upload"),
    path(f"{PLAYERS}upload/preview/", player_lists.preview, name="organise_players_preview"),
    path(f"{PLAYERS}upload/confirm/", player_lists.confirm, name="organise_players_confirm"),
    path(f"{PLAYERS}<str:key>/edit/", players.edit_player, name="organise_player_edit"),
    path(f"{PLAYERS}<str:key>/status/", players.change_status, name="organise_player_status"),
    path(f"{ORGANISE}results/upload/", results_files.upload, name="organise_results_upload"),
    path(f"{ORGANISE}results/upload/preview/", results_files.preview_page, name="organise_results_preview"),
    path(f"{ORGANISE}results/upload/confirm/", results_files.confirm, name="organise_results_confirm"),
    path(STAFF, staff.staff_page, name="organise_staff"),
    path(f"{STAFF}appoint/", staff.appoint, name="organise_staff_appoint"),
    path(f"{STAFF}new-login/", staff.create_login, name="organise_staff_new"),
    path(f"{STAFF}link/", staff.new_link, name="organise_staff_link"),
    path(f"{STAFF}remove/", staff.remove, name="organise_staff_remove"),
    path(PRIZES, prizes.prize_page, name="organise_prizes"),
    path(f"{PRIZES}usual/", prizes.usual_prizes, name="organise_prizes_usual"),
    path(f"{PRIZES}move/", prizes.move_prize, name="organise_prize_move"),
    path(f"{PRIZES}delete/", prizes.delete_prize, name="organise_prize_delete"),
    path(f"{PRIZES}<int:prize_id>/edit/", prizes.edit_prize, name="organise_prize_edit"),
    path(f"{ORGANISE}log/", log.log, name="organise_log"),
    path(f"{ORGANISE}backups/", backups.backups, name="organise_backups"),
    path(SEATING, seating.overview, name="seating_overview"),
    path(f"{SEATING}generate/", seating.generate, name="seating_generate"),
    path(f"{SEATING}import/", seating.import_file, name="seating_import"),
    path(f"{SEATING}proposal/", seating.preview, name="seating_preview"),
    path(f"{SEATING}proposal/save/", seating.save_plan, name="seating_save"),
    path(f"{SEATING}proposal/discard/", seating.discard_plan, name="seating_discard"),
    path(f"{SEATING}publish/", seating.publish, name="seating_publish"),
    path(f"{SEATING}withdrawals/", seating.withdrawal, name="seating_withdrawal"),
    path(f"{SEATING}sessions/<int:number>/", seating.session_seating_admin, name="seating_session"),
    path(f"{SEATING}sessions/<int:number>/swap/", seating.swap, name="seating_swap"),
    path(
        f"{ORGANISE}sessions/<int:number>/substitutes/",
        substitutes.session_substitutes,
        name="session_substitutes",
    ),
    path(
        f"{SEATING}sessions/<int:number>/by-standings/",
        seating.seat_by_standings,
        name="seating_by_standings",
    ),
    path(f"{ORGANISE}exports/", exports.index, name="exports"),
    path(f"{ORGANISE}ema/", exports.ema_check, name="ema_check"),
    path(f"{ORGANISE}ema/preview/", exports.ema_preview, name="ema_preview"),
    path(f"{ORGANISE}ema/download.xlsx", exports.ema_download, {"fmt": "xlsx"}, name="ema_download_xlsx"),
    path(f"{ORGANISE}ema/download.csv", exports.ema_download, {"fmt": "csv"}, name="ema_download_csv"),
    path(f"{ORGANISE}exports/<slug:identifier>/", exports.export_file, name="export_job"),
    path(f"{ORGANISE}jobs/", jobs.index, name="jobs"),
    path(f"{ORGANISE}jobs/<uuid:job_id>/", jobs.status, name="job_status"),
    path(f"{ORGANISE}jobs/<uuid:job_id>/file/", jobs.download, name="job_download"),
    path(f"{ORGANISE}jobs/<uuid:job_id>/again/", jobs.retry, name="job_retry"),
    path(f"{SEATING}proposal/from-job/<uuid:job_id>/", seating.proposal_from_job, name="seating_from_job"),
    path(f"{ORGANISE}clock/", clock.clock, name="organise_clock"),
    path(f"{ORGANISE}display/", clock.display_settings, name="organise_display"),
    path("t/<slug:slug>/print/<slug:document>/", exports.print_preview, name="print_preview"),
    path("t/<slug:slug>/print/<slug:document>.pdf", exports.print_pdf, name="print_pdf"),
]
