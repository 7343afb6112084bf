from django.urls import path

from matches import views

urlpatterns = [
    path("my-matches/", views.my_matches, name="my-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="match-detail"),
    path("judge/", views.judge_queue_page, name="judge-queue"),
]
